import { Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryTable, type HistoryColumn } from '../../../components/history-table';
import { useConfigurationHistory } from '../api/connectors';
import type { ConfigurationHistoryEntry } from '../types';
import { usePropertyLabel } from './labels';

/** A value as a history row shows it (a secret as the API's dots: never its value): yes or no, a test's outcome in words, an empty one as a dash. */
function useShown() {
  const { t } = useTranslation('connectors');
  return (value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (typeof value === 'boolean') return t(value ? 'history.yes' : 'history.no');
    if (typeof value === 'object' && 'ok' in value) {
      const test = value as { ok: unknown; message?: unknown; latencyMs?: unknown };
      return t(test.ok === true ? 'history.testOk' : 'history.testFailed', { message: String(test.message ?? ''), ms: String(test.latencyMs ?? '—') });
    }
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value);
  };
}

/** A changed field's label: a property by its own label, else the feature's word for it. */
function useFieldLabel() {
  const { t } = useTranslation('connectors');
  const property = usePropertyLabel();
  return (field: string) => (field.startsWith('properties.') ? property(field.slice('properties.'.length)) : t(`historyFields.${field}`, { defaultValue: field }));
}

function Changes({ entry }: { entry: ConfigurationHistoryEntry }) {
  const shown = useShown();
  const label = useFieldLabel();
  const created = Object.values(entry.changes).every(({ from }) => from === null || from === undefined);
  return (
    <>
      {Object.entries(entry.changes).map(([field, { from, to }]) => (
        <Text key={field} fontSize="sm">
          {label(field)} : {created ? '' : `${shown(from)} → `}
          {shown(to)}
        </Text>
      ))}
    </>
  );
}

/** The configuration's history: newest first, when, what, who and each value changed. */
export function ConfigurationHistory({ id }: { id: string }) {
  const { t, i18n } = useTranslation('connectors');
  const columns = useMemo<Array<HistoryColumn<ConfigurationHistoryEntry>>>(
    () => [
      { id: 'at', header: t('history.at'), nowrap: true, cell: (e) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(e.at)) },
      { id: 'type', header: t('history.what'), cell: (e) => t(`history.types.${e.type}`, { defaultValue: e.type }) },
      { id: 'user', header: t('history.who'), cell: (e) => e.user?.name ?? t('history.system') },
      { id: 'changes', header: t('history.changes'), cell: (e) => <Changes entry={e} /> },
    ],
    [t, i18n.language],
  );
  return <HistoryTable query={useConfigurationHistory(id)} columns={columns} rowKey={(e) => e.eventId} loadFailed={t('history.loadFailed')} testId="configuration-history" />;
}
