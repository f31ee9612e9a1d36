import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen, NameStatusFilters, SelectFilter, statusColumn, type ListColumn } from '../../../components/list';
import { AppLink } from '../../../components/page';
import { useCircuits } from '../api/circuits';
import { CIRCUIT_CHANNEL_FILTER, CIRCUIT_STATUS_FILTER, circuitList, EMPTY_CIRCUIT_FILTERS, type CircuitListParams, type CircuitSortField } from '../list-params';
import { circuitPaths } from '../paths';
import type { Circuit } from '../types';

/** The retailer's circuits: type, channel, status, the customer's bonus or cost, the categories using each. */
export function CircuitsList({ params, setParams }: { params: CircuitListParams; setParams(next: CircuitListParams): void }) {
  const { t, i18n } = useTranslation('circuits');
  const list = useCircuits(params);
  const money = useMemo(() => new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'EUR' }), [i18n.language]);
  const columns = useMemo<Array<ListColumn<Circuit, CircuitSortField>>>(
    () => [
      { id: 'name', header: t('fields.name'), sort: 'name', cell: (c) => <AppLink to={circuitPaths.edit(c.id)}>{c.name}</AppLink> },
      { id: 'circuitType', header: t('fields.circuitType'), sort: 'circuitType', cell: (c) => t(`types.${c.circuitType}`) },
      { id: 'channel', header: t('fields.channel'), sort: 'channel', cell: (c) => t(`channels.${c.channel}`) },
      { id: 'bonus', header: t('fields.customerBonus'), cell: (c) => (c.customerBonusInCents === 0 ? '—' : money.format(c.customerBonusInCents / 100)) },
      { id: 'instructions', header: t('fields.instructions'), cell: (c) => c.instructions.length },
      { id: 'categories', header: t('fields.categoryCount'), cell: (c) => c.categoryCount },
      statusColumn({ header: t('fields.status'), sort: 'status', text: (status) => t(`statuses.${status}`), on: 'enabled', testId: 'circuit-row-status' }),
    ],
    [t, money],
  );
  return (
    <ListScreen
      ns="circuits"
      definition={circuitList}
      params={params}
      onParams={setParams}
      query={list}
      filters={
        <NameStatusFilters
          ns="circuits"
          params={params}
          onParams={setParams}
          empty={EMPTY_CIRCUIT_FILTERS}
          statuses={CIRCUIT_STATUS_FILTER}
          more={(draft, set) => (
            <SelectFilter
              label={t('filters.channel')}
              value={draft.channel}
              onChange={(channel) => set('channel')(channel as typeof draft.channel)}
              all={t('filters.all')}
              options={CIRCUIT_CHANNEL_FILTER.map((channel) => ({ id: channel, label: t(`channels.${channel}`) }))}
            />
          )}
        />
      }
      columns={columns}
      rowKey={(c) => c.id}
      rowTestId="circuit-row"
      totalTestId="circuits-total"
    />
  );
}
