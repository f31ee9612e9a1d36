import { useTranslation } from 'react-i18next';
import { HistoryTable, type HistoryColumn } from '../../../components/history-table';
import { useGeneralSettingsHistory, type GeneralSettingsHistoryEntry } from '../api/general-settings';
import type { GeneralSettingsPage } from '../paths';

/** A value as the history shows it: yes/no, a link's text and address, a cart minimum in the currency's units, a text. */
function shown(field: string, value: unknown, t: (key: string) => string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return t(value ? 'history.yes' : 'history.no');
  if (field === 'cartMinValueInCents' && typeof value === 'number') return String(value / 100);
  if (field === 'warehouseCheckinRequirement') return t(`checkIn.${String(value)}`);
  if (typeof value === 'object') {
    const link = value as { url?: string; text?: string };
    return [link.text, link.url].filter(Boolean).join(' — ');
  }
  return String(value);
}

/** The page's history tab: each change of its settings, newest first: when, which settings and their new values, who, why. */
export function GeneralSettingsHistory({ accountId, page }: { accountId: string; page: GeneralSettingsPage }) {
  const { t, i18n } = useTranslation('general-settings');
  const history = useGeneralSettingsHistory(accountId, page);
  const columns: Array<HistoryColumn<GeneralSettingsHistoryEntry>> = [
    { id: 'at', header: t('history.at'), nowrap: true, cell: (e) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(e.at)) },
    {
      id: 'changes',
      header: t('history.changes'),
      cell: (e) =>
        Object.entries(e.changes)
          .map(([field, value]) => `${t(`fields.${field}`, { defaultValue: field })} : ${shown(field, value, t)}`)
          .join(' · '),
    },
    { id: 'by', header: t('history.by'), cell: (e) => e.userName ?? t('history.system') },
    { id: 'reason', header: t('history.reason'), cell: (e) => e.reason ?? '—' },
  ];
  return <HistoryTable query={history} columns={columns} rowKey={(e) => e.eventId} loadFailed={t('history.loadFailed')} testId="general-settings-history" />;
}
