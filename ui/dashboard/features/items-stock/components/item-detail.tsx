import { Box, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatIdentificationNumber } from '../../../../shared/format/format';
import { DetailLoadFailed } from '../../../components/detail-load-failed';
import { LoadingStatus } from '../../../components/loading-status';
import { Page } from '../../../components/page';
import { StaleAlert, useReloadAfterConflict } from '../../../components/stale-alert';
import { useItem } from '../../../components/warehouse-item/api/get-item';
import { ComplianceTab } from './compliance-tab';
import { DiagnosisTab } from './diagnosis-tab';
import { EconomicTab } from './economic-tab';
import { GeneralTab } from './general-tab';
import { ItemActionButtons, ItemActionDialogs, type ItemActionDialog } from './item-actions';
import { ItemHistory } from './item-history';
import { ItemStatusBadge } from './item-status-badge';
import { RefurbTab } from './refurb-tab';

const TABS = ['check', 'diagnosis', 'refurb', 'general', 'economic', 'history'] as const;
type Tab = (typeof TABS)[number];
const DEFAULT_TAB: Tab = 'general';

/**
 * /items-stock/{id}/edit: the device's tabs (specification 001 §2) and the
 * actions the API allows now (allowedActions), each in its dialog with the
 * ETag shown; a stale one is explained and the fresh device shown.
 */
export function ItemDetail({ id, listPath }: { id: string; listPath: string }) {
  const { t } = useTranslation(['items-stock', 'common']);
  const detail = useItem(id);
  const [search, setSearch] = useSearchParams();
  const [dialog, setDialog] = useState<ItemActionDialog | null>(null);
  const conflict = useReloadAfterConflict(() => detail.refetch());
  const listCrumb = { label: t('items-stock:list.title'), to: listPath };
  const requested = search.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : DEFAULT_TAB;

  if (detail.isPending) return <LoadingStatus size="lg" py="16" />;
  if (detail.isError) return <DetailLoadFailed error={detail.error} listCrumb={listCrumb} ns="items-stock" />;

  const { item, etag } = detail.data;
  const code = formatIdentificationNumber(item.identificationNumber);

  return (
    <Page
      title={t('items-stock:detail.title', { code })}
      breadcrumbs={[listCrumb, { label: code }]}
      titleAddon={<ItemStatusBadge status={item.status} size="lg" />}
      actions={<ItemActionButtons allowed={item.allowedActions} onOpen={setDialog} />}
    >
      {conflict.stale && <StaleAlert title={t('items-stock:notifications.staleTitle')} onClose={conflict.dismiss} />}
      <Text mb="5" color="fg.muted">
        {t('items-stock:detail.subtitle', { product: item.product.label, code: item.shortCode })}
      </Text>
      <Tabs.Root value={tab} onValueChange={(details) => setSearch({ tab: details.value }, { replace: true })} variant="line" lazyMount>
        <Box overflowX="auto" mb="5">
          <Tabs.List minW="max-content">
            {TABS.map((value) => (
              <Tabs.Trigger key={value} value={value}>
                {t(`items-stock:detail.tabs.${value}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Box>
        <Tabs.Content value="check">
          <ComplianceTab item={item} />
        </Tabs.Content>
        <Tabs.Content value="diagnosis">
          <DiagnosisTab item={item} />
        </Tabs.Content>
        <Tabs.Content value="refurb">
          <RefurbTab itemId={item.id} />
        </Tabs.Content>
        <Tabs.Content value="general">
          <GeneralTab item={item} />
        </Tabs.Content>
        <Tabs.Content value="economic">
          <EconomicTab item={item} />
        </Tabs.Content>
        <Tabs.Content value="history">
          <ItemHistory id={item.id} />
        </Tabs.Content>
      </Tabs.Root>
      <ItemActionDialogs item={item} etag={etag} open={dialog} onClose={() => setDialog(null)} onStale={conflict.reload} />
    </Page>
  );
}
