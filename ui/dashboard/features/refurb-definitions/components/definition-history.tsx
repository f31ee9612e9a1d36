import { Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryTable, type HistoryColumn } from '../../../components/history-table';
import { useRefurbQuestionHistory, useRefurbStepHistory } from '../api';

interface Entry {
  eventId: string;
  type: string;
  at: string;
  user: { id: string; name: string } | null;
  changes: Record<string, { from: unknown; to: unknown }>;
}

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((item) => (item && typeof item === 'object' ? JSON.stringify(item) : String(item))).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function useColumns() {
  const { t, i18n } = useTranslation('refurb-definitions');
  return useMemo<Array<HistoryColumn<Entry>>>(
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
              {t(`fields.${field}`, { defaultValue: field })} : {from === null || from === undefined ? '' : `${shown(from)} → `}
              {shown(to)}
            </Text>
          )),
      },
    ],
    [t, i18n.language],
  );
}

/** A step definition's or question's history: when, what, who and each value changed. */
export function DefinitionHistory({ id, kind }: { id: string; kind: 'step' | 'question' }) {
  const { t } = useTranslation('refurb-definitions');
  const steps = useRefurbStepHistory(kind === 'step' ? id : '');
  const questions = useRefurbQuestionHistory(kind === 'question' ? id : '');
  const query = (kind === 'step' ? steps : questions) as unknown as { data?: Entry[]; isPending: boolean; isError: boolean };
  return <HistoryTable query={query} columns={useColumns()} rowKey={(e) => e.eventId} loadFailed={t('history.loadFailed')} testId={`refurb-${kind}-history`} />;
}
