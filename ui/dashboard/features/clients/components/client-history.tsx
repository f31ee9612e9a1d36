import { useTranslation } from 'react-i18next';
import { HistoryTable, type HistoryColumn } from '../../../components/history-table';
import { useClientHistory } from '../api/get-client';
import type { ClientHistoryEntry } from '../types';

/** A client's history tab: every change of its account, newest first: when, what, which fields, who, why. */
export function ClientHistory({ id }: { id: string }) {
  const { t, i18n } = useTranslation('clients');
  const history = useClientHistory(id);
  const columns: Array<HistoryColumn<ClientHistoryEntry>> = [
    { id: 'at', header: t('history.at'), nowrap: true, cell: (e) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(e.at)) },
    { id: 'type', header: t('history.type'), cell: (e) => t(`history.types.${e.type}`) },
    { id: 'fields', header: t('history.fields'), cell: (e) => e.fields.map((f) => t(`history.fieldNames.${f}`, { defaultValue: f })).join(', ') || '—' },
    { id: 'by', header: t('history.by'), cell: (e) => e.userName ?? t('history.system') },
    { id: 'reason', header: t('history.reason'), cell: (e) => e.reason ?? '—' },
  ];
  return <HistoryTable query={history} columns={columns} rowKey={(e) => e.eventId} loadFailed={t('history.loadFailed')} testId="client-history" />;
}
