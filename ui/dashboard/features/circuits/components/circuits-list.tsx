import { Badge } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FiltersBar, ListScreen, SelectFilter, TextFilter, type ListColumn } from '../../../components/list';
import { AppLink } from '../../../components/page';
import { useCircuits } from '../api/circuits';
import { CIRCUIT_CHANNEL_FILTER, CIRCUIT_STATUS_FILTER, circuitList, EMPTY_CIRCUIT_FILTERS, type CircuitFilters, type CircuitListParams, type CircuitSortField } from '../list-params';
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
      {
        id: 'status',
        header: t('fields.status'),
        sort: 'status',
        cell: (c) => (
          <Badge colorPalette={c.status === 'enabled' ? 'green' : 'gray'} data-testid="circuit-row-status">
            {t(`statuses.${c.status}`)}
          </Badge>
        ),
      },
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
      filters={<Filters value={params.filters} onApply={(filters) => setParams({ ...params, filters, page: 1 })} />}
      columns={columns}
      rowKey={(c) => c.id}
      rowTestId="circuit-row"
      totalTestId="circuits-total"
    />
  );
}

function Filters({ value, onApply }: { value: CircuitFilters; onApply(filters: CircuitFilters): void }) {
  const { t } = useTranslation('circuits');
  return (
    <FiltersBar
      ns="circuits"
      value={value}
      empty={EMPTY_CIRCUIT_FILTERS}
      onApply={onApply}
      fields={(draft, set) => (
        <>
          <TextFilter label={t('filters.name')} value={draft.name} onChange={set('name')} autoComplete="off" />
          <SelectFilter
            label={t('filters.status')}
            value={draft.status}
            onChange={(status) => set('status')(status as CircuitFilters['status'])}
            all={t('filters.all')}
            options={CIRCUIT_STATUS_FILTER.map((status) => ({ id: status, label: t(`statuses.${status}`) }))}
          />
          <SelectFilter
            label={t('filters.channel')}
            value={draft.channel}
            onChange={(channel) => set('channel')(channel as CircuitFilters['channel'])}
            all={t('filters.all')}
            options={CIRCUIT_CHANNEL_FILTER.map((channel) => ({ id: channel, label: t(`channels.${channel}`) }))}
          />
        </>
      )}
    />
  );
}
