import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../../components/page';
import { useCan } from '../../../lib/auth';
import { CategoriesTree } from '../components/categories-tree';
import { categoryPaths } from '../paths';

/** /categories/list: the category tree with its counts and, for who manages it, the way to a new category. */
export function Component() {
  const { t } = useTranslation('categories');
  const can = useCan();
  return (
    <Page
      title={t('list.title')}
      breadcrumbs={[{ label: t('list.title') }]}
      actions={
        can('category.manage') && (
          <Button asChild colorPalette="brand">
            <RouterLink to={categoryPaths.create()}>{t('actions.create')}</RouterLink>
          </Button>
        )
      }
    >
      <CategoriesTree />
    </Page>
  );
}
