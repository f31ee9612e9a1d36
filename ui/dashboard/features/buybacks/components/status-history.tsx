import { Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MoneyView } from '@server/application/views/schema';
import { formatDateTime, formatMoney } from '../../../../shared/format/format';
import { HistoryTable, type HistoryColumn } from '../../../components/history-table';
import { useBuybackHistory } from '../api/get-buyback-history';
import type { HistoryEntry } from '../types';
import { StatusBadge } from './status-badge';

const REASONED = new Set(['customer_retractation', 'technical_problem', 'other']);
const LOGISTICS_CHANGES = ['dispatchedBy', 'packageNumber', 'leftPackage', 'trackingNumber', 'deliveryStatus'] as const;

function changed(entry: HistoryEntry, field: string): string | null {
  const to = entry.changes[field]?.to;
  return typeof to === 'string' && to !== '' ? to : null;
}

function hasLogisticsFacts(entry: HistoryEntry): boolean {
  return LOGISTICS_CHANGES.some((field) => changed(entry, field) !== null);
}

/** What chose the warehouse, the package, the carrier's tracking number and delivery status the entry recorded. */
function LogisticsFacts({ entry }: { entry: HistoryEntry }) {
  const { t } = useTranslation(['buybacks', 'api']);
  const dispatchedBy = changed(entry, 'dispatchedBy');
  const rule = changed(entry, 'dispatchRule');
  const packageNumber = changed(entry, 'packageNumber');
  // Received at the warehouse while still in the store's open package (a reconciliation): the package it left.
  const leftPackage = changed(entry, 'leftPackage');
  const tracking = changed(entry, 'trackingNumber');
  const delivery = changed(entry, 'deliveryStatus');
  return (
    <>
      {dispatchedBy === 'rule' && rule && <Text>{t('buybacks:history.dispatchRule', { title: rule })}</Text>}
      {dispatchedBy === 'default' && <Text>{t('buybacks:history.dispatchDefault')}</Text>}
      {packageNumber && <Text>{t('buybacks:history.package', { number: packageNumber })}</Text>}
      {leftPackage && <Text>{t('buybacks:history.leftPackage', { number: leftPackage })}</Text>}
      {tracking && <Text>{t('buybacks:history.tracking', { carrier: changed(entry, 'carrier') ?? '', number: tracking })}</Text>}
      {delivery && <Text>{t('buybacks:history.delivery', { status: t(`api:delivery.statuses.${delivery}`, { defaultValue: delivery }) })}</Text>}
    </>
  );
}

/** An edition's facts: the customer's fields corrected (by name only) and the device's price before and after. */
function EditionFacts({ entry }: { entry: HistoryEntry }) {
  const { t, i18n } = useTranslation(['buybacks', 'api']);
  if (entry.type !== 'BuybackEdited') return null;
  const fields = entry.changes.customerFields?.to;
  const price = entry.changes.declaredPrice;
  return (
    <>
      {Array.isArray(fields) && fields.length > 0 && (
        <Text>{t('buybacks:history.customerFields', { fields: fields.map((f) => t(`api:fields.customer.${String(f)}`)).join(', ') })}</Text>
      )}
      {price && (
        <Text>
          {t('buybacks:history.priceChanged', { from: formatMoney(price.from as MoneyView, i18n.language), to: formatMoney(price.to as MoneyView, i18n.language) })}
        </Text>
      )}
    </>
  );
}

/** Every event of the buyback: when, what, the status it led to, who, and why. */
export function StatusHistory({ id }: { id: string }) {
  const { t, i18n } = useTranslation(['buybacks', 'common']);
  const history = useBuybackHistory(id);
  const columns = useMemo<Array<HistoryColumn<HistoryEntry>>>(
    () => [
      { id: 'when', header: t('buybacks:history.when'), nowrap: true, cell: (entry) => formatDateTime(entry.at, i18n.language) },
      { id: 'what', header: t('buybacks:history.what'), cell: (entry) => t(`buybacks:history.events.${entry.type}`, { defaultValue: entry.type }) },
      { id: 'status', header: t('buybacks:history.status'), cell: (entry) => <StatusBadge status={entry.statusAfter} /> },
      { id: 'who', header: t('buybacks:history.who'), cell: (entry) => entry.user?.name ?? t('buybacks:history.customerOrSystem') },
      {
        id: 'why',
        header: t('buybacks:history.why'),
        cell: (entry) => (
          <>
            {entry.reason && <Text>{REASONED.has(entry.reason) ? t(`buybacks:cancelReasons.${entry.reason}`) : entry.reason === 'edition' ? t('buybacks:history.edition') : entry.reason}</Text>}
            {entry.comment && (
              <Text color="fg.muted" fontStyle="italic">
                {entry.comment}
              </Text>
            )}
            {entry.changes.forced?.to === true && <Text color="fg.warning">{t('buybacks:history.forced')}</Text>}
            <EditionFacts entry={entry} />
            <LogisticsFacts entry={entry} />
            {!entry.reason && !entry.comment && !hasLogisticsFacts(entry) && '—'}
          </>
        ),
      },
    ],
    [t, i18n.language],
  );
  return (
    <HistoryTable query={history} columns={columns} rowKey={(entry) => entry.eventId} loadFailed={t('buybacks:history.loadFailed')} testId="status-history" />
  );
}
