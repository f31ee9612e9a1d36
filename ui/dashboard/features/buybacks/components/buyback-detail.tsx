import { Alert, Button, Center, CloseButton, Spinner, Tabs, Text, VisuallyHidden } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/client';
import { formatIdentificationNumber } from '../../../../shared/format/format';
import { Page, pageTitle } from '../../../components/page';
import { useBuyback } from '../api/get-buyback';
import type { LifecycleCommandType } from '../types';
import { BuybackInfo } from './buyback-info';
import { CancelDialog } from './cancel-dialog';
import { DiagnosisResults } from './diagnosis-results';
import { ProposePriceDialog } from './propose-price-dialog';
import { StatusBadge } from './status-badge';

type OpenDialog = 'cancel' | 'propose' | null;

/**
 * /buyback/{id}: tabs "buyback info" and "diagnosis results", and the
 * commands the user may run on it: each action shows only when the API lists
 * its command in `allowedCommands` (the machine allows it now and the user
 * holds its permission). No rule about transitions lives here.
 */
export function BuybackDetail({ id, listPath }: { id: string; listPath: string }) {
  const { t } = useTranslation(['buybacks', 'common']);
  const detail = useBuyback(id);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [stale, setStale] = useState(false);
  const listCrumb = { label: t('buybacks:list.title'), to: listPath };

  if (detail.isPending) {
    return (
      <Center py="16" role="status">
        <Spinner size="lg" aria-hidden />
        <VisuallyHidden>{t('common:states.loading')}</VisuallyHidden>
      </Center>
    );
  }
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <Page title={missing ? t('buybacks:detail.notFound') : t('buybacks:detail.loadFailed')} breadcrumbs={[listCrumb]}>
        <Text>{missing ? t('buybacks:detail.notFoundText') : t('common:errors.generic')}</Text>
      </Page>
    );
  }

  const { buyback, etag } = detail.data;
  const code = formatIdentificationNumber(buyback.identificationNumber);
  const allows = (command: LifecycleCommandType) => buyback.allowedCommands.includes(command);

  function reloadAfterConflict() {
    setStale(true);
    void detail.refetch();
    pageTitle()?.focus();
  }

  return (
    <Page
      title={t('buybacks:detail.title', { code })}
      breadcrumbs={[listCrumb, { label: code }]}
      titleAddon={<StatusBadge status={buyback.status} size="lg" />}
      actions={
        <>
          {allows('ProposeNewPrice') && (
            <Button colorPalette="brand" onClick={() => setDialog('propose')}>
              {t('buybacks:actions.proposeNewPrice')}
            </Button>
          )}
          {allows('CancelBuyback') && (
            <Button colorPalette="red" variant="outline" onClick={() => setDialog('cancel')}>
              {t('buybacks:actions.cancel')}
            </Button>
          )}
        </>
      }
    >
      {stale && (
        <Alert.Root status="warning" role="alert" mb="5">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('buybacks:notifications.staleTitle')}</Alert.Title>
            <Alert.Description>{t('common:errors.conflict')}</Alert.Description>
          </Alert.Content>
          <CloseButton size="sm" aria-label={t('common:actions.close')} onClick={() => setStale(false)} />
        </Alert.Root>
      )}
      {buyback.awaitingCustomerDecision && (
        <Alert.Root status="info" mb="5">
          <Alert.Indicator />
          <Alert.Title>{t('buybacks:detail.awaitingCustomerDecision')}</Alert.Title>
        </Alert.Root>
      )}
      <Tabs.Root defaultValue="info" variant="line" lazyMount>
        <Tabs.List mb="5">
          <Tabs.Trigger value="info">{t('buybacks:detail.tabs.info')}</Tabs.Trigger>
          <Tabs.Trigger value="diagnosis">{t('buybacks:detail.tabs.diagnosis')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="info">
          <BuybackInfo buyback={buyback} />
        </Tabs.Content>
        <Tabs.Content value="diagnosis">
          <DiagnosisResults buyback={buyback} />
        </Tabs.Content>
      </Tabs.Root>
      <CancelDialog buyback={buyback} etag={etag} open={dialog === 'cancel'} onClose={() => setDialog(null)} onStale={reloadAfterConflict} />
      <ProposePriceDialog buyback={buyback} etag={etag} open={dialog === 'propose'} onClose={() => setDialog(null)} onStale={reloadAfterConflict} />
    </Page>
  );
}
