// .js: Node tests load this file.
import { defineList, emptyFilters, filter, type ListParams } from '../../hooks/list-params.js';

/** Columns the API sorts by (STOCK_SORTS). */
export const STOCK_SORTABLE = ['name', 'quantity', 'createdAt'] as const;
export type StockSortField = (typeof STOCK_SORTABLE)[number];

export const STOCK_ORIGINS = ['native', 'own'] as const;

export interface StockFilters {
  name: string;
  origin: '' | (typeof STOCK_ORIGINS)[number];
  warehouseId: string;
}

/** The stocks list: native stocks first (their name sorts first), then the warehouse's own by name. */
export const stockList = defineList<StockFilters, StockSortField>({
  name: 'stocks',
  filters: { name: filter.text(), origin: filter.oneOf(STOCK_ORIGINS), warehouseId: filter.id() },
  sorts: STOCK_SORTABLE,
  defaultSort: 'name',
  defaultDirection: 'asc',
});

export type StockListParams = ListParams<StockFilters, StockSortField>;

export const EMPTY_STOCK_FILTERS: StockFilters = emptyFilters(stockList);

/** The API's filters (GET /stocks), without paging. */
export function apiStockFilters(filters: StockFilters): Record<string, string | boolean | undefined> {
  return {
    name: filters.name.trim() || undefined,
    native: filters.origin === '' ? undefined : filters.origin === 'native',
    warehouseId: filters.warehouseId || undefined,
  };
}
