import type { QuestionHistoryEntry } from '@server/application/catalog/questions/question-views';
import { Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryTable, type HistoryColumn } from '../../../components/history-table';
import { useQuestionHistory } from '../api/questions';

/** The question's history, read from its events: newest first, when, what, who, and which fields changed. */
export function QuestionHistoryTab({ id }: { id: string }) {
  const { t, i18n } = useTranslation('diagnostic');
  const history = useQuestionHistory(id);
  const columns = useMemo<Array<HistoryColumn<QuestionHistoryEntry>>>(
    () => [
      { id: 'at', header: t('history.at'), nowrap: true, cell: (e) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(e.at)) },
      { id: 'type', header: t('history.what'), cell: (e) => t(`history.types.${e.type}`) },
      { id: 'user', header: t('history.who'), cell: (e) => e.user?.name ?? t('history.system') },
      {
        id: 'changes',
        header: t('history.changes'),
        cell: (e) => <Text fontSize="sm">{Object.keys(e.changes).map((field) => t(`fields.${field}`, { defaultValue: field })).join(', ') || '—'}</Text>,
      },
    ],
    [t, i18n.language],
  );
  return <HistoryTable query={history} columns={columns} rowKey={(e) => e.eventId} loadFailed={t('history.loadFailed')} testId="question-history" />;
}
