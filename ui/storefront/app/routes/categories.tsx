import { Alert } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { PageBody } from '../../components/page-body';
import { useCategoryTree, withProducts } from '../../features/catalog/catalog';
import { CategoryTree } from '../../features/catalog/components/category-tree';
import { useWhiteLabel } from '../../lib/white-label';
import { paths } from '../paths';

/** Search by category; a retailer without the feature answers not-found. */
export function Component() {
  const { categoryNavigationEnabled } = useWhiteLabel();
  if (!categoryNavigationEnabled) return <Navigate to={paths.notFound.to()} replace />;
  return <Categories />;
}

function Categories() {
  const { t } = useTranslation('catalog');
  const tree = useCategoryTree();
  return (
    <>
      <PageHeader title={t('categories.title')} page="categories" canonical={paths.categories.to()} />
      <PageBody>
        {tree.error ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{tree.error.message}</Alert.Title>
          </Alert.Root>
        ) : tree.data ? (
          <nav aria-label={t('categories.title')}>
            <CategoryTree nodes={withProducts(tree.data)} />
          </nav>
        ) : (
          <Loading />
        )}
      </PageBody>
    </>
  );
}
