import { Badge, Box, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadingStatus } from '../../../components/loading-status';
import { useCategoryTree } from '../api/categories';
import { categoryPaths } from '../paths';
import type { CategoryAdminNode } from '../types';

function rows(nodes: readonly CategoryAdminNode[], depth = 0): Array<{ node: CategoryAdminNode; depth: number }> {
  return nodes.flatMap((node) => [{ node, depth }, ...rows(node.children, depth + 1)]);
}

/**
 * The catalogue's tree, depth first, archived categories included (marked):
 * each category with its products (its own and below), its published ones,
 * and those published on the web and in store (docs/specification-readings.md).
 */
export function CategoriesTree() {
  const { t, i18n } = useTranslation('categories');
  const tree = useCategoryTree();
  const number = new Intl.NumberFormat(i18n.language);
  if (tree.isPending) return <LoadingStatus size="lg" py="16" />;
  if (tree.isError) return <Text color="fg.error">{t('list.loadFailed')}</Text>;
  if (tree.data.length === 0) return <Text>{t('list.empty')}</Text>;
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        {t('list.countsHelp')}
      </Text>
      <Box overflowX="auto" borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" aria-label={t('list.caption')} data-testid="categories-tree">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('list.columns.label')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('list.columns.identifier')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('list.columns.products')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('list.columns.published')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('list.columns.web')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('list.columns.store')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows(tree.data).map(({ node, depth }) => (
              <Table.Row key={node.id} data-category={node.identifier}>
                <Table.Cell ps={`${depth * 1.25 + 0.75}rem`}>
                  <HStack gap="2">
                    <Link asChild color={node.status === 'archived' ? 'fg.muted' : undefined}>
                      <RouterLink to={categoryPaths.edit(node.id)}>{node.label}</RouterLink>
                    </Link>
                    {node.status === 'archived' && <Badge colorPalette="gray">{t('statuses.archived')}</Badge>}
                  </HStack>
                </Table.Cell>
                <Table.Cell color="fg.muted">{node.identifier}</Table.Cell>
                <Table.Cell textAlign="end">{number.format(node.numberOfProducts)}</Table.Cell>
                <Table.Cell textAlign="end">{number.format(node.numberOfPublishedProducts)}</Table.Cell>
                <Table.Cell textAlign="end">{number.format(node.numberOfPublishedProductsWeb)}</Table.Cell>
                <Table.Cell textAlign="end">{number.format(node.numberOfPublishedProductsStore)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}
