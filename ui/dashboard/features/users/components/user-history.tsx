import { Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryTable, type HistoryColumn } from '../../../components/history-table';
import { useUserHistory } from '../api/get-user';
import type { UserHistory } from '../types';

type Entry = UserHistory['items'][number];

/** The user's history: newest first, when, what, who, why and which fields changed. */
export function UserHistoryTab({ id }: { id: string }) {
  const { t, i18n } = useTranslation('users');
  const history = useUserHistory(id);
  const columns = useMemo<Array<HistoryColumn<Entry>>>(
    () => [
      { id: 'at', header: t('history.at'), nowrap: true, cell: (e) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(e.occurredAt)) },
      { id: 'type', header: t('history.what'), cell: (e) => t(`history.types.${e.type}`) },
      { id: 'user', header: t('history.who'), cell: (e) => e.userName ?? t('history.system') },
      { id: 'reason', header: t('history.why'), cell: (e) => (e.reason ? t(`history.reasons.${e.reason}`, { defaultValue: e.reason }) : '—') },
      {
        id: 'changes',
        header: t('history.changes'),
        cell: (e) => <Text fontSize="sm">{e.changedFields.map((field) => t(`fields.${field}`, { defaultValue: field })).join(', ') || '—'}</Text>,
      },
    ],
    [t, i18n.language],
  );
  return <HistoryTable query={history} columns={columns} rowKey={(e) => String(e.revision)} loadFailed={t('history.loadFailed')} testId="user-history" />;
}
