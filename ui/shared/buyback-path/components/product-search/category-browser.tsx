import { Box, Breadcrumb, Button, Heading, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategoryTree } from '../../api/get-category-tree';
import { useProductSearch } from '../../api/search-products';
import type { CategoryNode, Product } from '../../types';
import { ApiErrorAlert } from '../api-error-alert';
import { Pager } from './pager';
import { ProductList } from './product-list';

const PAGE_SIZE = 12;

function withProducts(nodes: readonly CategoryNode[]): CategoryNode[] {
  return nodes.filter((node) => node.numberOfPublishedProducts > 0).map((node) => ({ ...node, children: withProducts(node.children) }));
}

function pathTo(nodes: readonly CategoryNode[], id: string | null): CategoryNode[] {
  if (id === null) return [];
  for (const node of nodes) {
    if (node.id === id) return [node];
    const below = pathTo(node.children, id);
    if (below.length) return [node, ...below];
  }
  return [];
}

/** Browse the category tree down to a category's products (only categories with products are shown). */
export function CategoryBrowser({ onSelect, action }: { onSelect?(product: Product): void; action?(product: Product): ReactNode }) {
  const { t } = useTranslation('buyback-path');
  const tree = useCategoryTree();
  const [selected, setSelected] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const roots = withProducts(tree.data ?? []);
  const path = pathTo(roots, selected);
  const current = path[path.length - 1] ?? null;
  const children = current ? current.children : roots;
  const products = useProductSearch({ categoryId: current?.id, page, itemsPerPage: PAGE_SIZE }, current !== null);

  const open = (id: string | null) => {
    setSelected(id);
    setPage(1);
  };

  if (tree.isPending) return <Spinner aria-label={t('search.searching')} />;
  if (tree.isError) return <ApiErrorAlert error={tree.error} onRetry={() => tree.refetch()} />;

  return (
    <Stack gap={5}>
      <Breadcrumb.Root aria-label={t('search.category.trail')} size="sm">
        <Breadcrumb.List flexWrap="wrap">
          {[{ id: null, label: t('search.category.all') }, ...path].map((node, index, all) => (
            <Fragment key={node.id ?? 'all'}>
              {index > 0 && <Breadcrumb.Separator />}
              <Breadcrumb.Item>
                {index === all.length - 1 ? (
                  <Breadcrumb.CurrentLink>{node.label}</Breadcrumb.CurrentLink>
                ) : (
                  <Button variant="plain" size="sm" px={0} textDecoration="underline" onClick={() => open(node.id)}>
                    {node.label}
                  </Button>
                )}
              </Breadcrumb.Item>
            </Fragment>
          ))}
        </Breadcrumb.List>
      </Breadcrumb.Root>

      {children.length > 0 && (
        <Box as="section" aria-labelledby="category-browser-children">
          <Heading as="h3" size="md" id="category-browser-children" mb={3}>
            {current ? t('search.category.subcategories', { category: current.label }) : t('search.category.title')}
          </Heading>
          <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 3 }} gap={3} listStyleType="none" m={0} p={0}>
            {children.map((child) => (
              <li key={child.id}>
                <Button variant="outline" w="full" h="auto" py={3} justifyContent="space-between" whiteSpace="normal" textAlign="start" onClick={() => open(child.id)}>
                  <span>{child.label}</span>
                  <Text as="span" fontSize="sm" color="fg.muted">
                    {t('search.category.productCount', { count: child.numberOfPublishedProducts })}
                  </Text>
                </Button>
              </li>
            ))}
          </SimpleGrid>
        </Box>
      )}

      {current && (
        <Box as="section" aria-labelledby="category-browser-products">
          <Heading as="h3" size="md" id="category-browser-products" mb={3}>
            {t('search.category.products', { category: current.label })}
          </Heading>
          {products.isError && <ApiErrorAlert error={products.error} onRetry={() => products.refetch()} />}
          {products.data && (
            <Stack gap={4}>
              <ProductList products={products.data.items} onSelect={onSelect} action={action} headingLevel="h4" />
              <Pager page={page} pageSize={PAGE_SIZE} total={products.data.totalItems} onPage={setPage} />
            </Stack>
          )}
        </Box>
      )}
    </Stack>
  );
}
