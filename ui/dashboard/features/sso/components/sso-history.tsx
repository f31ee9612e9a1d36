import type { SsoHistoryView } from '@server/application/organizations/sso/sso-views';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryTable, type HistoryColumn } from '../../../components/history-table';
import { useSsoHistory } from '../api/sso-configuration';

type Entry = SsoHistoryView[number];

/** Every save of the configuration, newest first: when, who, which fields, why (a new secret is named, never shown). */
export function SsoHistoryTab({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation('sso');
  const history = useSsoHistory(organizationId);
  const columns = useMemo<Array<HistoryColumn<Entry>>>(
    () => [
      { id: 'at', header: t('history.at'), nowrap: true, cell: (e) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(e.occurredAt)) },
      { id: 'user', header: t('history.who'), cell: (e) => e.userName ?? t('history.system') },
      { id: 'changes', header: t('history.changes'), cell: (e) => e.changedFields.map((field) => t(`changed.${field}`, { defaultValue: field })).join(', ') },
      { id: 'reason', header: t('history.why'), cell: (e) => e.reason ?? '—' },
    ],
    [t, i18n.language],
  );
  return <HistoryTable query={history} columns={columns} rowKey={(e) => String(e.revision)} loadFailed={t('history.loadFailed')} testId="sso-history" />;
}
