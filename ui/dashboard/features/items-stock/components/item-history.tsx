import { Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/format';
import { HistoryTable, type HistoryColumn } from '../../../components/history-table';
import { useStockNames } from '../../../components/warehouse-item/use-stock-names';
import { useItemHistory } from '../api/get-item-history';
import { QUARANTINE_REASONS, type ItemHistoryEntry } from '../types';
import { ItemStatusBadge } from './item-status-badge';

const REASONS: ReadonlySet<string> = new Set(QUARANTINE_REASONS);

/** Every event of the item, newest first: when, what, the status it led to, who, why, and the stock it moved from and to. */
export function ItemHistory({ id }: { id: string }) {
  const { t, i18n } = useTranslation(['items-stock', 'common']);
  const history = useItemHistory(id);
  const { nameOf } = useStockNames();

  const columns = useMemo<Array<HistoryColumn<ItemHistoryEntry>>>(() => {
    const stock = (value: unknown) => (typeof value === 'string' ? (nameOf(value) ?? t('items-stock:history.unknownStock')) : t('items-stock:history.noStock'));
    return [
      { id: 'when', header: t('items-stock:history.when'), nowrap: true, cell: (entry) => formatDateTime(entry.at, i18n.language) },
      { id: 'what', header: t('items-stock:history.what'), cell: (entry) => t(`items-stock:history.events.${entry.type}`, { defaultValue: entry.type }) },
      { id: 'status', header: t('items-stock:history.status'), cell: (entry) => <ItemStatusBadge status={entry.statusAfter} /> },
      { id: 'who', header: t('items-stock:history.who'), cell: (entry) => entry.user?.name ?? t('items-stock:history.system') },
      {
        id: 'why',
        header: t('items-stock:history.why'),
        cell: (entry) => (
          <>
            {entry.reason && <Text>{REASONS.has(entry.reason) ? t(`api:items.quarantineReasons.${entry.reason}`) : entry.reason}</Text>}
            {entry.comment && (
              <Text color="fg.muted" fontStyle="italic">
                {entry.comment}
              </Text>
            )}
            {!entry.reason && !entry.comment && '—'}
          </>
        ),
      },
      {
        id: 'changes',
        header: t('items-stock:history.changes'),
        cell: (entry) => {
          const move = entry.changes.stockId;
          const mail = entry.changes.disputeMailDelivered;
          // Received from its store without a shipment, out of the store's open package it waited in.
          const leftPackage = entry.type === 'ItemReceivedFromStore' && typeof entry.changes.packageNumber?.to === 'string' ? entry.changes.packageNumber.to : null;
          if (!move && !mail && !leftPackage) return '—';
          return (
            <Stack gap="1">
              {move && <Text data-testid="stock-change">{t('items-stock:history.stockChange', { from: stock(move.from), to: stock(move.to) })}</Text>}
              {leftPackage && <Text>{t('items-stock:history.leftPackage', { number: leftPackage })}</Text>}
              {mail && <Text>{mail.to === true ? t('items-stock:disputeMail.sent') : t('items-stock:disputeMail.failed')}</Text>}
            </Stack>
          );
        },
      },
    ];
  }, [t, i18n.language, nameOf]);

  return <HistoryTable query={history} columns={columns} rowKey={(entry) => entry.eventId} loadFailed={t('items-stock:history.loadFailed')} testId="item-history" />;
}
