import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FiltersBar, ListScreen, TextFilter, type ListColumn } from '../../../components/list';
import { AppLink } from '../../../components/page';
import { useRefurbSteps } from '../api';
import { EMPTY_STEP_FILTERS, stepList, type StepFilters, type StepListParams, type StepSortField } from '../list-params';
import { refurbPaths } from '../paths';
import type { RefurbStep } from '../types';
import { useStockLabel } from './step-form';

/** The workshop's step definitions: name, stock, cost in each warehouse, how many item steps were planned from each. */
export function StepsList({ params, setParams }: { params: StepListParams; setParams(next: StepListParams): void }) {
  const { t, i18n } = useTranslation('refurb-definitions');
  const list = useRefurbSteps(params);
  const stockLabel = useStockLabel();
  const money = useMemo(() => new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'EUR' }), [i18n.language]);
  const columns = useMemo<Array<ListColumn<RefurbStep, StepSortField>>>(
    () => [
      { id: 'name', header: t('fields.name'), sort: 'name', cell: (s) => <AppLink to={refurbPaths.editStep(s.id)}>{s.name}</AppLink> },
      { id: 'stock', header: t('fields.stockId'), cell: (s) => (s.stock ? stockLabel(s.stock) : '—') },
      { id: 'costs', header: t('fields.costs'), cell: (s) => s.costs.map((c) => `${c.warehouseName} : ${money.format(c.costInCents / 100)}`).join(' · ') || '—' },
      { id: 'usages', header: t('fields.usages'), cell: (s) => s.usages },
    ],
    [t, money, stockLabel],
  );
  return (
    <ListScreen
      ns="refurb-definitions"
      definition={stepList}
      params={params}
      onParams={setParams}
      query={list}
      filters={<Filters value={params.filters} onApply={(filters) => setParams({ ...params, filters, page: 1 })} />}
      columns={columns}
      rowKey={(s) => s.id}
      rowTestId="refurb-step-row"
      totalTestId="refurb-steps-total"
    />
  );
}

function Filters({ value, onApply }: { value: StepFilters; onApply(filters: StepFilters): void }) {
  const { t } = useTranslation('refurb-definitions');
  return (
    <FiltersBar
      ns="refurb-definitions"
      value={value}
      empty={EMPTY_STEP_FILTERS}
      onApply={onApply}
      fields={(draft, set) => <TextFilter label={t('filters.name')} value={draft.name} onChange={set('name')} autoComplete="off" />}
    />
  );
}
