import { Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryTable, type HistoryColumn } from '../../../components/history-table';
import { useDesignHistory, type DesignHistoryEntry } from '../api/design';

/** The design's history: newest first, when, what, who and each value set. */
export function DesignHistory({ accountId }: { accountId: string }) {
  const { t, i18n } = useTranslation('design');
  const history = useDesignHistory(accountId);
  const columns = useMemo<Array<HistoryColumn<DesignHistoryEntry>>>(
    () => [
      { id: 'at', header: t('history.at'), nowrap: true, cell: (e) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(e.at)) },
      { id: 'type', header: t('history.what'), cell: (e) => t(`history.types.${e.type}`) },
      { id: 'user', header: t('history.who'), cell: (e) => e.userName ?? t('history.system') },
      {
        id: 'changes',
        header: t('history.changes'),
        cell: (e) =>
          Object.entries(e.changes).map(([field, value]) => (
            <Text key={field} fontSize="sm">
              {t(`fields.${field}`)} : {value ?? '—'}
            </Text>
          )),
      },
    ],
    [t, i18n.language],
  );
  return <HistoryTable query={history} columns={columns} rowKey={(e) => e.eventId} loadFailed={t('history.loadFailed')} testId="design-history" />;
}
