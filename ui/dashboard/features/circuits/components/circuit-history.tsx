import { Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryTable, type HistoryColumn } from '../../../components/history-table';
import { useCircuitHistory } from '../api/circuits';
import { useRuleHistory } from '../api/rules';
import type { CircuitHistoryEntry } from '../types';

/** A value as a history row shows it: lists and instructions in words, an empty one as a dash. */
function useShown() {
  const { t } = useTranslation('circuits');
  return (value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (typeof value === 'boolean') return t(value ? 'history.yes' : 'history.no');
    if (Array.isArray(value))
      return value.length === 0 ? '—' : value.map((item) => (item && typeof item === 'object' && 'type' in item ? `${t(`instructionTypes.${String(item.type)}`)}${item.label ? ` « ${String(item.label)} »` : ''}` : String(item))).join(', ');
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value);
  };
}

function Changes({ entry }: { entry: CircuitHistoryEntry }) {
  const { t } = useTranslation('circuits');
  const shown = useShown();
  const created = entry.type === 'CircuitConfigured' || String(entry.type) === 'DispatchCircuitRuleCreated';
  return (
    <>
      {Object.entries(entry.changes).map(([field, { from, to }]) => (
        <Text key={field} fontSize="sm">
          {t(`historyFields.${field}`, { defaultValue: field })} : {created ? '' : `${shown(from)} → `}
          {shown(to)}
        </Text>
      ))}
    </>
  );
}

function useColumns() {
  const { t, i18n } = useTranslation('circuits');
  return useMemo<Array<HistoryColumn<CircuitHistoryEntry>>>(
    () => [
      { id: 'at', header: t('history.at'), nowrap: true, cell: (e) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(e.at)) },
      { id: 'type', header: t('history.what'), cell: (e) => t(`history.types.${e.type}`) },
      { id: 'user', header: t('history.who'), cell: (e) => e.user?.name ?? t('history.system') },
      { id: 'reason', header: t('history.why'), cell: (e) => e.reason ?? '—' },
      { id: 'changes', header: t('history.changes'), cell: (e) => <Changes entry={e} /> },
    ],
    [t, i18n.language],
  );
}

/** The circuit's history: newest first, when, what, who, why and each value changed. */
export function CircuitHistoryTable({ id }: { id: string }) {
  const { t } = useTranslation('circuits');
  return <HistoryTable query={useCircuitHistory(id)} columns={useColumns()} rowKey={(e) => e.eventId} loadFailed={t('history.loadFailed')} testId="circuit-history" />;
}

/** A dispatch circuit rule's history, the same way. */
export function RuleHistoryTable({ id }: { id: string }) {
  const { t } = useTranslation('circuits');
  const query = useRuleHistory(id) as unknown as { data?: CircuitHistoryEntry[]; isPending: boolean; isError: boolean };
  return <HistoryTable query={query} columns={useColumns()} rowKey={(e) => e.eventId} loadFailed={t('history.loadFailed')} testId="rule-history" />;
}
