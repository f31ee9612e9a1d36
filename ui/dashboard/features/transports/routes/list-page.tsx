import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { TransportsList } from '../components/transports-list';
import { useTransportListParams } from '../hooks/use-list-params';

/** /transports-list: the parcels carriers carry, their labels and their delivery. */
export function Component() {
  const { t } = useTranslation('transports');
  const [params, setParams] = useTransportListParams();
  return (
    <Page title={t('list.title')} breadcrumbs={[{ label: t('list.title') }]}>
      <TransportsList params={params} setParams={setParams} />
    </Page>
  );
}
