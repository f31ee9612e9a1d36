import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppEnvironment } from '../../../../shared/app-environment';
import { useIdempotencyKeys } from '../../../../shared/api/use-idempotency-keys';
import { Page } from '../../../components/page';
import { toaster } from '../../../components/toaster';
import { useCreatePaymentMode } from '../api/create-payment-mode';
import { PaymentModeForm } from '../components/payment-mode-form';
import { NEW_PAYMENT_MODE, type PaymentModeBody } from '../form-model';
import { lastPaymentModeListSearch } from '../hooks/use-list-params';
import { usePaymentModeRefusals } from '../hooks/use-payment-mode-refusals';
import { paymentModePaths } from '../paths';
import { PAYMENT_BONUS_FEATURE } from '../types';

/** /paymentMode/create: a new payment mode of the retailer. */
export function Component() {
  const { t } = useTranslation('payment-modes');
  const navigate = useNavigate();
  const create = useCreatePaymentMode();
  const keys = useIdempotencyKeys();
  const refusals = usePaymentModeRefusals();
  const { settings } = useAppEnvironment();
  const listPath = `${paymentModePaths.list}${lastPaymentModeListSearch()}`;

  function submit(body: PaymentModeBody) {
    refusals.clear();
    create.mutate(
      { body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t('notifications.created', { label: body.label }) });
          void navigate(listPath);
        },
        onError: refusals.refuse,
      },
    );
  }

  return (
    <Page title={t('create.title')} breadcrumbs={[{ label: t('list.title'), to: listPath }, { label: t('create.title') }]}>
      <PaymentModeForm
        initial={NEW_PAYMENT_MODE}
        bonusAvailable={settings.enabledPremiumFeatures.includes(PAYMENT_BONUS_FEATURE)}
        refused={refusals.refused}
        failure={refusals.failure}
        readOnly={false}
        submitting={create.isPending}
        submitLabel={t('create.submit')}
        cancelTo={listPath}
        onSubmit={submit}
      />
    </Page>
  );
}
