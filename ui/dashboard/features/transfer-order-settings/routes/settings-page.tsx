import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { LoadingStatus } from '../../../components/loading-status';
import { Page } from '../../../components/page';
import { useTransferOrderSettings } from '../api/transfer-order-settings';
import { TransferOrderForm } from '../components/transfer-order-form';

/** /settings/transfer-order: the text every transfer order (bon de cession) prints. */
export function Component() {
  const { t } = useTranslation('transfer-order-settings');
  const settings = useTransferOrderSettings();
  return (
    <Page title={t('title')}>
      {settings.isPending ? (
        <LoadingStatus size="lg" py="16" />
      ) : settings.isError ? (
        <ApiErrorAlert error={settings.error} onRetry={() => settings.refetch()} />
      ) : (
        <TransferOrderForm key={`${settings.data.customText ?? ''}|${settings.data.customAllowed}`} settings={settings.data} />
      )}
    </Page>
  );
}
