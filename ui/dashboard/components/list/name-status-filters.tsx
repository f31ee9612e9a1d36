import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListParams } from '../../hooks/use-list-params';
import { FiltersBar, SelectFilter, TextFilter, type SetFilter } from './filters-bar';

interface NameStatusFiltersProps<F extends { name: string; status: string }, S extends string> {
  /** The feature's namespace: `filters.name`, `filters.status`, `filters.all`, `statuses.<status>` (and FiltersBar's texts). */
  ns: string;
  /** The list's parameters: applied filters show the first page. */
  params: ListParams<F, S>;
  onParams(next: ListParams<F, S>): void;
  empty: F;
  /** The statuses offered, "all" first. */
  statuses: readonly string[];
  /** The list's other filters, after these two. */
  more?(draft: F, set: SetFilter<F>): ReactNode;
}

/** The filters bar of a list searched by name and status (circuits, clients, entities), and its own filters after them. */
export function NameStatusFilters<F extends { name: string; status: string }, S extends string>({ ns, params, onParams, empty, statuses, more }: NameStatusFiltersProps<F, S>) {
  const { t } = useTranslation(ns);
  return (
    <FiltersBar
      ns={ns}
      value={params.filters}
      empty={empty}
      onApply={(filters) => onParams({ ...params, filters, page: 1 })}
      fields={(draft, set) => (
        <>
          <TextFilter label={t('filters.name')} value={draft.name} onChange={(name) => set('name')(name as F['name'])} autoComplete="off" />
          <SelectFilter
            label={t('filters.status')}
            value={draft.status}
            onChange={(status) => set('status')(status as F['status'])}
            all={t('filters.all')}
            options={statuses.map((status) => ({ id: status, label: t(`statuses.${status}`) }))}
          />
          {more?.(draft, set)}
        </>
      )}
    />
  );
}
