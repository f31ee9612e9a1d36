import type { CategoryNodeView } from '@server/application/catalog/catalog-views';
import { Link, List } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { diagnosticPaths } from '../paths';

/** The category tree as nested lists of links: each opens its questions. */
export function CategoryPicker({ nodes }: { nodes: readonly CategoryNodeView[] }) {
  return (
    <List.Root as="ul" ps="5" gap="1">
      {nodes.map((node) => (
        <List.Item key={node.id}>
          <Link asChild colorPalette="brand">
            <RouterLink to={diagnosticPaths.category(node.id)}>{node.label}</RouterLink>
          </Link>
          {node.children.length > 0 && <CategoryPicker nodes={node.children} />}
        </List.Item>
      ))}
    </List.Root>
  );
}
