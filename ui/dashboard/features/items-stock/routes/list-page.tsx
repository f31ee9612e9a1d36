import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/list';
import { Page } from '../../../components/page';
import { useCan } from '../../../lib/auth';
import { exportItems } from '../api/export-items';
import { ItemsList } from '../components/items-list';
import { useItemListParams } from '../hooks/use-list-params';

/** /items-stock: the devices of every stock, and their CSV export. */
export function Component() {
  const { t } = useTranslation('items-stock');
  const can = useCan();
  const [params, setParams] = useItemListParams();
  return (
    <Page
      title={t('list.title')}
      breadcrumbs={[{ label: t('list.title') }]}
      actions={can('item.export') && <ExportButton ns="items-stock" filename="items" exportList={() => exportItems(params)} />}
    >
      <ItemsList params={params} setParams={setParams} />
    </Page>
  );
}
