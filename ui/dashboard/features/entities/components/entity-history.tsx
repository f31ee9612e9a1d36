import { Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryTable, type HistoryColumn } from '../../../components/history-table';
import { useEntityHistory } from '../api/get-entity';
import type { EntityHistoryEntry } from '../types';

/** What each value became: "Ville : Nantes → Rezé", each field named in the user's language. */
function ChangeList({ entry }: { entry: EntityHistoryEntry }) {
  const { t } = useTranslation('entities');
  const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : typeof value === 'boolean' ? t(value ? 'history.yes' : 'history.no') : String(value));
  return (
    <>
      {Object.entries(entry.changes).map(([field, { from, to }]) => (
        <Text key={field} fontSize="sm">
          {t(`fields.${field}`, { defaultValue: field })} : {entry.type === 'OrganizationChanged' ? `${shown(from)} → ` : ''}
          {field === 'type' ? t(`types.${String(to)}`) : shown(to)}
        </Text>
      ))}
    </>
  );
}

/** The entity's history: newest first, when, what, who, why and each value changed. */
export function EntityHistory({ id }: { id: string }) {
  const { t, i18n } = useTranslation('entities');
  const history = useEntityHistory(id);
  const columns = useMemo<Array<HistoryColumn<EntityHistoryEntry>>>(
    () => [
      { id: 'at', header: t('history.at'), nowrap: true, cell: (e) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(e.at)) },
      { id: 'type', header: t('history.what'), cell: (e) => t(`history.types.${e.type}`) },
      { id: 'user', header: t('history.who'), cell: (e) => e.user?.name ?? t('history.system') },
      { id: 'reason', header: t('history.why'), cell: (e) => e.reason ?? '—' },
      { id: 'changes', header: t('history.changes'), cell: (e) => <ChangeList entry={e} /> },
    ],
    [t, i18n.language],
  );
  return <HistoryTable query={history} columns={columns} rowKey={(e) => e.eventId} loadFailed={t('history.loadFailed')} testId="entity-history" />;
}
