import { useTranslation } from 'react-i18next';
import { AppLink, PageHeader } from '../../components/page-header';
import { PageBody } from '../../components/page-body';
import { SearchForm } from '../../features/catalog/components/search-form';
import { useWhiteLabel } from '../../lib/white-label';
import { paths } from '../paths';

export function Component() {
  const { t } = useTranslation('catalog');
  const { categoryNavigationEnabled } = useWhiteLabel();
  return (
    <>
      <PageHeader title={t('search.title')} page="search" />
      <PageBody narrow>
        <SearchForm />
        {categoryNavigationEnabled && <AppLink to={paths.categories.to()}>{t('home.browseCategories')}</AppLink>}
      </PageBody>
    </>
  );
}
