import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/list';
import { Page } from '../../../components/page';
import { useCan } from '../../../lib/auth';
import { exportPayments } from '../api/export-payments';
import { PaymentsList } from '../components/payments-list';
import { usePaymentListParams } from '../hooks/use-list-params';

/** /searchPayment: the payment search, and its CSV export. */
export function Component() {
  const { t } = useTranslation('payments');
  const can = useCan();
  const [params, setParams] = usePaymentListParams();
  return (
    <Page
      title={t('list.title')}
      breadcrumbs={[{ label: t('list.title') }]}
      actions={can('payment.export') && <ExportButton ns="payments" filename="payments" exportList={() => exportPayments(params)} />}
    >
      <PaymentsList params={params} setParams={setParams} />
    </Page>
  );
}
