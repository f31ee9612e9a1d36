import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../../components/page';
import { useCan } from '../../../lib/auth';
import { PaymentModesList } from '../components/payment-modes-list';
import { usePaymentModeListParams } from '../hooks/use-list-params';
import { paymentModePaths } from '../paths';

/** /paymentModes: the retailer's payment modes and, for who manages them, the way to a new one. */
export function Component() {
  const { t } = useTranslation('payment-modes');
  const can = useCan();
  const [params, setParams] = usePaymentModeListParams();
  return (
    <Page
      title={t('list.title')}
      breadcrumbs={[{ label: t('list.title') }]}
      actions={
        can('payment_mode.manage') && (
          <Button asChild colorPalette="brand">
            <RouterLink to={paymentModePaths.create}>{t('actions.create')}</RouterLink>
          </Button>
        )
      }
    >
      <PaymentModesList params={params} setParams={setParams} />
    </Page>
  );
}
