import { Alert, Heading, Text } from '@chakra-ui/react';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { PageBody } from '../../components/page-body';
import { pathTo, useCategoryTree, useProducts, withProducts } from '../../features/catalog/catalog';
import { CategoryTree } from '../../features/catalog/components/category-tree';
import { ProductList } from '../../features/catalog/components/product-list';
import { useWhiteLabel } from '../../lib/white-label';
import { paths } from '../paths';
import { NotFoundPage } from './not-found';

/** One category: its description, its sub-categories and its products (sub-categories' included). */
export function Component() {
  const { t } = useTranslation('catalog');
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { categoryNavigationEnabled } = useWhiteLabel();
  const tree = useCategoryTree();
  const chain = tree.data ? pathTo(tree.data, id) : [];
  const category = chain.at(-1);
  const products = useProducts({ categoryId: id, page }, Boolean(category));
  // The page's render is deferred: React does it in slices (a transition) instead of one long task when the tree arrives.
  const shown = useDeferredValue(tree.data);

  if (tree.error) {
    return (
      <PageBody>
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{tree.error.message}</Alert.Title>
        </Alert.Root>
      </PageBody>
    );
  }
  if (!tree.data || !shown) return <Loading />;
  if (!category) return <NotFoundPage />;

  const crumbs = [
    ...(categoryNavigationEnabled ? [{ label: t('categories.title'), to: paths.categories.to() }] : []),
    ...chain.slice(0, -1).map((node) => ({ label: node.label, to: paths.category.to(node.id, node.identifier) })),
  ];
  const children = withProducts(category.children);
  return (
    <>
      <PageHeader
        title={category.label}
        crumbs={crumbs}
        page="category"
        describe={{ category: category.label }}
        canonical={paths.category.to(category.id, category.identifier, page)}
      />
      <PageBody>
        {category.description && <Text fontSize="lg">{category.description}</Text>}
        {children.length > 0 && (
          <nav aria-labelledby="sub-categories">
            <Heading as="h2" id="sub-categories" size="md" mb={2}>
              {t('category.subCategories')}
            </Heading>
            <CategoryTree nodes={children} level={1} />
          </nav>
        )}
        <Heading as="h2" size="md">
          {t('category.products')}
        </Heading>
        <ProductList
          data={products.data}
          isPending={products.isPending}
          error={products.error}
          pageLink={(other) => paths.category.to(category.id, category.identifier, other)}
          empty={t('category.empty')}
          headingLevel="h3"
        />
      </PageBody>
    </>
  );
}
