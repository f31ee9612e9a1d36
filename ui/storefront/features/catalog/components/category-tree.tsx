import { Box, Link, List, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/paths';
import type { CategoryNode } from '../catalog';

/** Nested lists of category links, each with how many products it holds. */
export function CategoryTree({ nodes, level = 0 }: { nodes: CategoryNode[]; level?: number }) {
  const { t } = useTranslation('catalog');
  if (nodes.length === 0) return null;
  return (
    <List.Root as="ul" listStyleType="none" ps={level === 0 ? 0 : 5} gap={level === 0 ? 4 : 1} mt={level === 0 ? 0 : 1}>
      {nodes.map((node) => (
        <List.Item key={node.id} display="block">
          <Box>
            <Link asChild color="brand.fg" fontWeight={level === 0 ? 'bold' : 'medium'} fontSize={level === 0 ? 'lg' : 'md'}>
              <RouterLink to={paths.category.to(node.id, node.identifier)}>{node.label}</RouterLink>
            </Link>{' '}
            <Text as="span" color="fg.muted" fontSize="sm">
              {t('category.productCount', { count: node.numberOfPublishedProducts })}
            </Text>
          </Box>
          <CategoryTree nodes={node.children} level={level + 1} />
        </List.Item>
      ))}
    </List.Root>
  );
}
