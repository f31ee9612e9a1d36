import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryTable, type HistoryColumn } from '../../../components/history-table';
import { useSftpHistory, type SftpHistoryEntry } from '../api/sftp';

/** Every change of the SFTP settings: when, who, what (never a password). */
export function SftpHistoryTab({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation('sftp');
  const history = useSftpHistory(organizationId);
  const columns = useMemo<Array<HistoryColumn<SftpHistoryEntry>>>(
    () => [
      { id: 'at', header: t('history.at'), nowrap: true, cell: (e) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(e.at)) },
      { id: 'user', header: t('history.who'), cell: (e) => e.user?.name ?? t('history.system') },
      { id: 'what', header: t('history.what'), cell: (e) => t(`history.types.${e.type}`) },
      { id: 'changes', header: t('history.changes'), cell: (e) => Object.keys(e.changes).map((field) => t(`fields.${field}`, { defaultValue: field })).join(', ') },
    ],
    [t, i18n.language],
  );
  return <HistoryTable query={history} columns={columns} rowKey={(e) => String(e.revision)} loadFailed={t('history.loadFailed')} testId="sftp-history" />;
}
