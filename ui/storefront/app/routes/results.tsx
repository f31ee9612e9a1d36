import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PageBody } from '../../components/page-body';
import { useProducts } from '../../features/catalog/catalog';
import { ProductList } from '../../features/catalog/components/product-list';
import { SearchForm } from '../../features/catalog/components/search-form';
import { useWhiteLabel } from '../../lib/white-label';
import { paths } from '../paths';

export function Component() {
  const { t } = useTranslation('catalog');
  const [params] = useSearchParams();
  const search = (params.get('q') ?? '').trim();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const products = useProducts({ search, page }, search.length > 0);
  // The retailer's no-result text (general settings) follows the list's own words.
  const { noSearchResultDescription } = useWhiteLabel();
  return (
    <>
      <PageHeader
        title={search ? t('results.titleFor', { search }) : t('results.title')}
        crumbs={[{ label: t('search.title'), to: paths.search.to() }]}
        page={search ? 'results' : 'search'}
        describe={{ search }}
      />
      <PageBody>
        <SearchForm key={search} initial={search} size="md" />
        {search ? (
          <ProductList
            data={products.data}
            isPending={products.isPending}
            error={products.error}
            pageLink={(other) => paths.results.to(search, other)}
            empty={[t('results.empty', { search }), noSearchResultDescription].filter(Boolean).join(' ')}
          />
        ) : null}
      </PageBody>
    </>
  );
}
