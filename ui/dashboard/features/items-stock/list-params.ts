// .js: Node tests load this file (tests/ui/items-stock-list-params.test.ts).
import { ITEM_STATUSES, type ItemStatus } from '@server/domain/warehouse/items/state.js';
import { defineList, emptyFilters, filter, type ListParams } from '../../hooks/list-params.js';

/** Columns the API sorts by (ITEM_SORTS). */
export const ITEM_SORTABLE = ['receivedAt', 'updatedAt', 'statusSince', 'identificationNumber', 'status', 'productLabel', 'purchasePrice', 'margin'] as const;
export type ItemSortField = (typeof ITEM_SORTABLE)[number];

/** The items list's filters as the URL keeps them (ages as typed: whole days). */
export interface ItemFilters {
  code: string;
  imei: string;
  status: ItemStatus[];
  stockId: string;
  productId: string;
  brand: string;
  categoryId: string;
  warehouseId: string;
  minAge: string;
  maxAge: string;
  /** The margin's bounds in euros as typed, and whether the refurbishment planned steps for it. */
  marginMin: string;
  marginMax: string;
  refurbishment: '' | 'yes' | 'no';
}

/** The items list: newest reception first. */
export const itemList = defineList<ItemFilters, ItemSortField>({
  name: 'items-stock',
  filters: {
    code: filter.text(),
    imei: filter.text(),
    status: filter.someOf(ITEM_STATUSES),
    stockId: filter.id(),
    productId: filter.id(),
    brand: filter.text(),
    categoryId: filter.id(),
    warehouseId: filter.id(),
    minAge: filter.text(),
    maxAge: filter.text(),
    marginMin: filter.text(),
    marginMax: filter.text(),
    refurbishment: filter.oneOf(['yes', 'no'] as const),
  },
  sorts: ITEM_SORTABLE,
  defaultSort: 'receivedAt',
  defaultDirection: 'desc',
});

export type ItemListParams = ListParams<ItemFilters, ItemSortField>;

export const EMPTY_ITEM_FILTERS: ItemFilters = emptyFilters(itemList);

const WHOLE_DAYS = /^\d{1,5}$/;
const EUROS = /^-?\d{1,7}([.,]\d{1,2})?$/;

/** Euros as typed ("-20", "149,90") in cents, or undefined for anything else. */
export function euroCents(value: string): number | undefined {
  const trimmed = value.trim().replace(/\s/g, '');
  return EUROS.test(trimmed) ? Math.round(Number(trimmed.replace(',', '.')) * 100) : undefined;
}

/** A whole number of days, or undefined for anything else (the filters bar refuses it before). */
export function days(value: string): number | undefined {
  const trimmed = value.trim();
  return WHOLE_DAYS.test(trimmed) ? Number(trimmed) : undefined;
}

/** What the items filters bar refuses: a code that is not 8 or up to 13 letters and digits, an IMEI not in digits, ages not whole days or out of order. */
export function itemFilterProblems(
  filters: ItemFilters,
): Partial<Record<'code' | 'imei' | 'minAge' | 'maxAge' | 'marginMin' | 'marginMax', 'code' | 'imei' | 'days' | 'ageOrder' | 'euros' | 'marginOrder'>> {
  const code = filters.code.replace(/\s+/g, '');
  const min = days(filters.minAge);
  const max = days(filters.maxAge);
  return {
    code: code !== '' && !/^[0-9A-Za-z]{1,13}$/.test(code) ? 'code' : undefined,
    imei: filters.imei.trim() !== '' && !/^\d{1,17}$/.test(filters.imei.trim()) ? 'imei' : undefined,
    minAge: filters.minAge.trim() !== '' && min === undefined ? 'days' : undefined,
    maxAge: filters.maxAge.trim() !== '' && max === undefined ? 'days' : min !== undefined && max !== undefined && min > max ? 'ageOrder' : undefined,
    marginMin: filters.marginMin.trim() !== '' && euroCents(filters.marginMin) === undefined ? 'euros' : undefined,
    marginMax:
      filters.marginMax.trim() !== '' && euroCents(filters.marginMax) === undefined
        ? 'euros'
        : (euroCents(filters.marginMin) ?? -Infinity) > (euroCents(filters.marginMax) ?? Infinity)
          ? 'marginOrder'
          : undefined,
  };
}

/** The API's list filters (GET /items, /items/export), without paging. */
export function apiItemFilters(filters: ItemFilters): Record<string, string | number | boolean | string[] | undefined> {
  const code = filters.code.replace(/\s+/g, '');
  return {
    code: code || undefined,
    imei: filters.imei.trim() || undefined,
    status: filters.status.length ? filters.status : undefined,
    stockId: filters.stockId ? [filters.stockId] : undefined,
    productId: filters.productId || undefined,
    brand: filters.brand.trim() || undefined,
    categoryId: filters.categoryId || undefined,
    warehouseId: filters.warehouseId || undefined,
    minAgeDays: days(filters.minAge),
    maxAgeDays: days(filters.maxAge),
    marginMin: euroCents(filters.marginMin ?? ''),
    marginMax: euroCents(filters.marginMax ?? ''),
    hasRefurbishment: filters.refurbishment ? filters.refurbishment === 'yes' : undefined,
  };
}
