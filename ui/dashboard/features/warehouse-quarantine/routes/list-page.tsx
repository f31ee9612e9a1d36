import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { QuarantineList } from '../components/quarantine-list';
import { useQuarantineListParams } from '../hooks/use-list-params';

/** /buybacksQuarantine: the devices held in quarantine, their release and the dispute e-mail. */
export function Component() {
  const { t } = useTranslation('warehouse-quarantine');
  const [params, setParams] = useQuarantineListParams();
  return (
    <Page title={t('list.title')} breadcrumbs={[{ label: t('list.title') }]}>
      <QuarantineList params={params} setParams={setParams} />
    </Page>
  );
}
