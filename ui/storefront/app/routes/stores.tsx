import { useTranslation } from 'react-i18next';
import { PageBody } from '../../components/page-body';
import { PageHeader } from '../../components/page-header';
import { StoresScreen } from '../../features/drop-off-stores/components/stores-screen';

/** /stores: the retailer's drop-off stores (features/drop-off-stores). */
export function Component() {
  const { t } = useTranslation('app');
  return (
    <>
      <PageHeader title={t('stores.title')} page="stores" crumbs={[]} />
      <PageBody>
        <StoresScreen />
      </PageBody>
    </>
  );
}
