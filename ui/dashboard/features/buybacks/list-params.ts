import { BUYBACK_STATUSES, type BuybackStatus } from './types';

/** Columns the API sorts by (BUYBACK_SORTS). */
export const SORTABLE = ['createdAt', 'identificationNumber', 'status', 'declaredPrice', 'customerName', 'productLabel'] as const;
export type SortField = (typeof SORTABLE)[number];
export type SortDirection = 'asc' | 'desc';

export const PAGE_SIZES = [10, 30, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 30;

/** The filters of the list as the URL keeps them (dates as yyyy-mm-dd, in the viewer's time zone). */
export interface BuybackFilters {
  status: BuybackStatus[];
  channel: string;
  customerName: string;
  identificationNumber: string;
  storeId: string;
  productId: string;
  circuitId: string;
  warehouseId: string;
  buyerId: string;
  categoryId: string;
  brand: string;
  from: string;
  to: string;
}

export interface BuybackListParams {
  filters: BuybackFilters;
  sort: SortField;
  direction: SortDirection;
  page: number;
  itemsPerPage: number;
}

export const EMPTY_FILTERS: BuybackFilters = {
  status: [],
  channel: '',
  customerName: '',
  identificationNumber: '',
  storeId: '',
  productId: '',
  circuitId: '',
  warehouseId: '',
  buyerId: '',
  categoryId: '',
  brand: '',
  from: '',
  to: '',
};

const TEXT_FILTERS = ['channel', 'customerName', 'identificationNumber', 'storeId', 'productId', 'circuitId', 'warehouseId', 'buyerId', 'categoryId', 'brand', 'from', 'to'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function positiveInteger(value: string | null, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

export function paramsFromSearch(search: URLSearchParams): BuybackListParams {
  const filters: BuybackFilters = { ...EMPTY_FILTERS };
  for (const name of TEXT_FILTERS) filters[name] = search.get(name) ?? '';
  filters.status = search.getAll('status').filter((s): s is BuybackStatus => (BUYBACK_STATUSES as readonly string[]).includes(s));
  if (!DATE.test(filters.from)) filters.from = '';
  if (!DATE.test(filters.to)) filters.to = '';
  const sort = search.get('sort');
  const perPage = positiveInteger(search.get('perPage'), DEFAULT_PAGE_SIZE);
  return {
    filters,
    sort: (SORTABLE as readonly string[]).includes(sort ?? '') ? (sort as SortField) : 'createdAt',
    direction: search.get('direction') === 'asc' ? 'asc' : 'desc',
    page: positiveInteger(search.get('page'), 1),
    itemsPerPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PAGE_SIZE,
  };
}

export function searchFromParams(params: BuybackListParams): URLSearchParams {
  const search = new URLSearchParams();
  params.filters.status.forEach((status) => search.append('status', status));
  for (const name of TEXT_FILTERS) if (params.filters[name]) search.set(name, params.filters[name]);
  if (params.sort !== 'createdAt' || params.direction !== 'desc') {
    search.set('sort', params.sort);
    search.set('direction', params.direction);
  }
  if (params.page > 1) search.set('page', String(params.page));
  if (params.itemsPerPage !== DEFAULT_PAGE_SIZE) search.set('perPage', String(params.itemsPerPage));
  return search;
}

/** A local calendar day's first or last instant, as the API's UTC ISO-8601. */
function dayBound(day: string, end: boolean): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const local = end ? new Date(year, month - 1, date, 23, 59, 59, 999) : new Date(year, month - 1, date, 0, 0, 0, 0);
  return local.toISOString();
}

/** The API's list query (LIST_FILTERS of infrastructure/http/routes/buyback-routes.ts), without paging. */
export function apiFilters(filters: BuybackFilters): Record<string, string | string[] | undefined> {
  const digits = filters.identificationNumber.replace(/\s+/g, '');
  return {
    status: filters.status.length ? filters.status : undefined,
    channel: filters.channel || undefined,
    customerName: filters.customerName.trim() || undefined,
    identificationNumber: digits || undefined,
    storeId: filters.storeId ? [filters.storeId] : undefined,
    productId: filters.productId || undefined,
    circuitId: filters.circuitId || undefined,
    warehouseId: filters.warehouseId || undefined,
    buyerId: filters.buyerId || undefined,
    categoryId: filters.categoryId || undefined,
    brand: filters.brand.trim() || undefined,
    createdFrom: filters.from ? dayBound(filters.from, false) : undefined,
    createdTo: filters.to ? dayBound(filters.to, true) : undefined,
  };
}

export function apiOrder(sort: SortField, direction: SortDirection): Record<string, string> {
  return { [`order[${sort}]`]: direction };
}

export function activeFilterCount(filters: BuybackFilters): number {
  return Object.values(filters).filter((value) => (Array.isArray(value) ? value.length > 0 : value !== '')).length;
}
