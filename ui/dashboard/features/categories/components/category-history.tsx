import { Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryTable, type HistoryColumn } from '../../../components/history-table';
import { useCategoryHistory } from '../api/categories';
import type { CategoryHistoryEntry } from '../types';

const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** The category's history: newest first, when, what, who and each value changed (from → to). */
export function CategoryHistory({ id }: { id: string }) {
  const { t, i18n } = useTranslation('categories');
  const history = useCategoryHistory(id);
  const columns = useMemo<Array<HistoryColumn<CategoryHistoryEntry>>>(
    () => [
      { id: 'at', header: t('history.at'), nowrap: true, cell: (e) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(e.at)) },
      { id: 'type', header: t('history.what'), cell: (e) => t(`history.types.${e.type}`) },
      { id: 'user', header: t('history.who'), cell: (e) => e.user?.name ?? t('history.system') },
      {
        id: 'changes',
        header: t('history.changes'),
        cell: (e) =>
          Object.entries(e.changes).map(([field, { from, to }]) => (
            <Text key={field} fontSize="sm">
              {t(`fields.${field}`, { defaultValue: field })} : {e.type === 'CategoryCreated' ? shown(to) : `${shown(from)} → ${shown(to)}`}
            </Text>
          )),
      },
    ],
    [t, i18n.language],
  );
  return <HistoryTable query={history} columns={columns} rowKey={(e) => e.eventId} loadFailed={t('history.loadFailed')} testId="category-history" />;
}
