import { useTranslation } from 'react-i18next';
import { HistoryTable, type HistoryColumn } from '../../../components/history-table';
import { useHomePageHistory, type HomePageHistoryEntry } from '../api/home-page';

/** The history tab: each change of the home page, with who, when, why, and each field's new value (the widgets as their types in order). */
export function HomePageHistory({ accountId }: { accountId: string }) {
  const { t, i18n } = useTranslation('home-page');
  const history = useHomePageHistory(accountId);
  const value = (field: string, to: unknown) =>
    field === 'widgets' && Array.isArray(to) ? to.map((type) => t(`types.${String(type)}`)).join(', ') || '—' : field === 'status' ? t(`statuses.${String(to)}`) : String(to ?? '—');
  const columns: Array<HistoryColumn<HomePageHistoryEntry>> = [
    { id: 'at', header: t('history.at'), nowrap: true, cell: (e) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(e.at)) },
    {
      id: 'changes',
      header: t('history.changes'),
      cell: (e) =>
        Object.entries(e.changes)
          .map(([field, change]) => `${t(`fields.${field}`, { defaultValue: field, n: '' })} : ${value(field, change.to)}`)
          .join(' · '),
    },
    { id: 'by', header: t('history.by'), cell: (e) => e.user?.name ?? t('history.system') },
    { id: 'reason', header: t('history.reason'), cell: (e) => e.reason ?? '—' },
  ];
  return <HistoryTable query={history} columns={columns} rowKey={(e) => e.eventId} loadFailed={t('history.loadFailed')} testId="home-page-history" />;
}
