import { Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryTable, type HistoryColumn } from '../../../components/history-table';
import { useConfigurationHistory } from '../api/connectors';
import type { ConfigurationHistoryEntry } from '../types';
import { usePropertyLabel } from './labels';

/** A value as a history row shows it: a property list as "label: value" (a secret as dots: the API never sends one), an empty one as a dash. */
function useShown() {
  const { t } = useTranslation('connectors');
  const label = usePropertyLabel();
  return (value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (typeof value === 'boolean') return t(value ? 'history.yes' : 'history.no');
    if (Array.isArray(value)) {
      if (value.length === 0) return '—';
      return value
        .map((item) => {
          if (item && typeof item === 'object' && 'name' in item) {
            const { name, value: shown } = item as { name: unknown; value?: unknown };
            return `${label(String(name))} : ${shown === null || shown === undefined || typeof shown === 'object' ? '••••' : String(shown)}`;
          }
          return String(item);
        })
        .join(', ');
    }
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value);
  };
}

function Changes({ entry }: { entry: ConfigurationHistoryEntry }) {
  const { t } = useTranslation('connectors');
  const shown = useShown();
  const created = Object.values(entry.changes).every(({ from }) => from === null || from === undefined);
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
