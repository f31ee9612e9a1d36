import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailLoadFailed } from '../../../components/detail-load-failed';
import { LoadingStatus } from '../../../components/loading-status';
import { Page } from '../../../components/page';
import { toaster } from '../../../components/toaster';
import { useCan } from '../../../lib/auth';
import { usePaymentMode } from '../api/get-payment-mode';
import { useUpdatePaymentMode } from '../api/update-payment-mode';
import { valuesOf, type PaymentModeBody } from '../form-model';
import { lastPaymentModeListSearch } from '../hooks/use-list-params';
import { usePaymentModeRefusals } from '../hooks/use-payment-mode-refusals';
import { paymentModePaths } from '../paths';
import { PaymentModeForm } from './payment-mode-form';

/** A payment mode's form; read-only for who may only see the modes. Saved with the revision it was read at. */
export function PaymentModeEdit({ id }: { id: string }) {
  const { t } = useTranslation(['payment-modes', 'common']);
  const can = useCan();
  const navigate = useNavigate();
  const mode = usePaymentMode(id);
  const update = useUpdatePaymentMode();
  const refusals = usePaymentModeRefusals();
  const listPath = `${paymentModePaths.list}${lastPaymentModeListSearch()}`;
  const listCrumb = { label: t('list.title'), to: listPath };

  if (mode.isPending) return <LoadingStatus size="lg" py="16" />;
  if (mode.isError) return <DetailLoadFailed error={mode.error} listCrumb={listCrumb} ns="payment-modes" />;
  const current = mode.data;
  const editable = can('payment_mode.manage');

  function submit(body: PaymentModeBody) {
    refusals.clear();
    update.mutate(
      { id, body, revision: current.revision },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t('notifications.updated', { label: body.label }) });
          void navigate(listPath);
        },
        onError: (error) => {
          refusals.refuse(error);
          void mode.refetch();
        },
      },
    );
  }

  return (
    <Page title={editable ? t('edit.title', { label: current.label }) : current.label} breadcrumbs={[listCrumb, { label: current.label }]}>
      <Stack gap="5">
        <PaymentModeForm
          key={current.revision}
          initial={valuesOf(current)}
          bonusAvailable={current.bonusAvailable}
          refused={refusals.refused}
          failure={refusals.failure}
          readOnly={!editable}
          submitting={update.isPending}
          submitLabel={t('common:actions.save')}
          cancelTo={listPath}
          onSubmit={submit}
        />
      </Stack>
    </Page>
  );
}
