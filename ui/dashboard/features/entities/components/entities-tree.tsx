import { Alert, Badge, Box, HStack, List, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LoadingStatus } from '../../../components/loading-status';
import { AppLink } from '../../../components/page';
import { useEntityTree } from '../api/get-entity-tree';
import { entityPaths } from '../paths';
import type { EntityNode } from '../types';

/** The caller's entities as their tree, from the root management unit: each with its type and status, a link to its form. */
export function EntitiesTree() {
  const { t } = useTranslation('entities');
  const tree = useEntityTree();
  if (tree.isPending) return <LoadingStatus py="6" />;
  if (tree.isError) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{t('tree.loadFailed')}</Alert.Title>
      </Alert.Root>
    );
  }
  return (
    <Box bg="bg" borderWidth="1px" borderRadius="md" p="4" data-testid="entities-tree">
      {tree.data.roots.length === 0 ? <Text>{t('list.empty')}</Text> : <Nodes nodes={tree.data.roots} />}
      {tree.data.truncated && <Text mt="3" color="fg.muted">{t('tree.truncated')}</Text>}
    </Box>
  );
}

function Nodes({ nodes }: { nodes: readonly EntityNode[] }) {
  const { t } = useTranslation('entities');
  return (
    <List.Root variant="plain" gap="1" ps="0">
      {nodes.map((node) => (
        <List.Item key={node.id} display="block" data-testid="entity-node">
          <HStack gap="2" py="1">
            <AppLink to={entityPaths.edit(node.id)}>{node.commonName}</AppLink>
            <Badge variant="subtle">{t(`types.${node.type}`)}</Badge>
            {node.status === 'inactive' && <Badge colorPalette="gray">{t('statuses.inactive')}</Badge>}
          </HStack>
          {node.children.length > 0 && (
            <Box ps="5" borderStartWidth="1px" ms="2">
              <Nodes nodes={node.children} />
            </Box>
          )}
        </List.Item>
      ))}
    </List.Root>
  );
}
