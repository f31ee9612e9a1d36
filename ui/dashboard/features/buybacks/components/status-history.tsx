import { Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/format';
import { HistoryTable, type HistoryColumn } from '../../../components/history-table';
import { useBuybackHistory } from '../api/get-buyback-history';
import type { HistoryEntry } from '../types';
import { StatusBadge } from './status-badge';

const REASONED = new Set(['customer_retractation', 'technical_problem', 'other']);

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
            {entry.reason && <Text>{REASONED.has(entry.reason) ? t(`buybacks:cancelReasons.${entry.reason}`) : entry.reason}</Text>}
            {entry.comment && (
              <Text color="fg.muted" fontStyle="italic">
                {entry.comment}
              </Text>
            )}
            {entry.changes.forced?.to === true && <Text color="fg.warning">{t('buybacks:history.forced')}</Text>}
            {!entry.reason && !entry.comment && '—'}
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
