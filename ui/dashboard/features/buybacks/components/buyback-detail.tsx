import { Alert, Button, Tabs } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIdentificationNumber } from '../../../../shared/format/format';
import { DetailLoadFailed } from '../../../components/detail-load-failed';
import { LoadingStatus } from '../../../components/loading-status';
import { Page } from '../../../components/page';
import { StaleAlert, useReloadAfterConflict } from '../../../components/stale-alert';
import { useBuyback } from '../api/get-buyback';
import type { LifecycleCommandType } from '../types';
import { BuybackAuditLinks } from './buyback-audit-links';
import { BuybackInfo } from './buyback-info';
import { CancelDialog } from './cancel-dialog';
import { LabelButtons } from './label-buttons';
import { DocumentMenu } from './document-menu';
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
  const conflict = useReloadAfterConflict(() => detail.refetch());
  const listCrumb = { label: t('buybacks:list.title'), to: listPath };

  if (detail.isPending) return <LoadingStatus size="lg" py="16" />;
  if (detail.isError) return <DetailLoadFailed error={detail.error} listCrumb={listCrumb} ns="buybacks" />;

  const { buyback, etag } = detail.data;
  const code = formatIdentificationNumber(buyback.identificationNumber);
  const allows = (command: LifecycleCommandType) => buyback.allowedCommands.includes(command);

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
          {allows('EditBuyback') && (
            <Button asChild variant="outline">
              <RouterLink to={`/buyback/${buyback.id}/edit`}>{t('buybacks:actions.edit')}</RouterLink>
            </Button>
          )}
          {allows('CancelBuyback') && (
            <Button colorPalette="red" variant="outline" onClick={() => setDialog('cancel')}>
              {t('buybacks:actions.cancel')}
            </Button>
          )}
          <DocumentMenu buyback={buyback} />
          <LabelButtons buyback={buyback} />
          <BuybackAuditLinks buybackId={buyback.id} />
        </>
      }
    >
      {conflict.stale && <StaleAlert title={t('buybacks:notifications.staleTitle')} onClose={conflict.dismiss} />}
      {buyback.onHold && (
        <Alert.Root status="warning" mb="5" data-testid="buyback-on-hold">
          <Alert.Indicator />
          <Alert.Title>{t('buybacks:detail.onHold')}</Alert.Title>
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
      <CancelDialog buyback={buyback} etag={etag} open={dialog === 'cancel'} onClose={() => setDialog(null)} onStale={conflict.reload} />
      <ProposePriceDialog buyback={buyback} etag={etag} open={dialog === 'propose'} onClose={() => setDialog(null)} onStale={conflict.reload} />
    </Page>
  );
}
