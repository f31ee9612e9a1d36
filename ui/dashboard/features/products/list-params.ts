// .js: Node tests load this file.
import { defineList, emptyFilters, filter, type FilterCodec, type ListParams } from '../../hooks/list-params.js';

/** Columns the API sorts by (GET /products order[…]); `category` is the main category's label. */
export const PRODUCT_SORTABLE = ['label', 'brand', 'category', 'buybackPriceGradeA', 'status'] as const;
export type ProductSortField = (typeof PRODUCT_SORTABLE)[number];

export const PRODUCT_STATUS_FILTER = ['all', 'draft', 'published'] as const;
export type ProductStatusFilter = (typeof PRODUCT_STATUS_FILTER)[number];

export interface ProductFilters {
  name: string;
  /** Published unless chosen otherwise (specification 000 §2). */
  status: ProductStatusFilter;
  /** Grade-A price bounds in euros, as typed. */
  priceMin: string;
  priceMax: string;
  categories: string[];
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The status filter: `published` is its empty value (the plain list's address says nothing of it). */
const statusCodec: FilterCodec<ProductStatusFilter> = {
  empty: 'published',
  parse: (values) => ((PRODUCT_STATUS_FILTER as readonly string[]).includes(values[0] ?? '') ? (values[0] as ProductStatusFilter) : 'published'),
  format: (value) => (value === 'published' ? [] : [value]),
  remember: true,
};

/** Categories chosen by id (`categories=…&categories=…`), at most 20 (the API's bound on a repeated parameter). */
const idsCodec: FilterCodec<string[]> = {
  empty: [],
  parse: (values) => [...new Set(values.filter((value) => ID.test(value)))].slice(0, 20),
  format: (value) => value,
  remember: true,
};

/** The products, by label ascending; 5, 10, 15 or 30 a page, 10 by default (specification 000 §2). */
export const productList = defineList<ProductFilters, ProductSortField>({
  name: 'products',
  filters: { name: filter.text(), status: statusCodec, priceMin: filter.text(), priceMax: filter.text(), categories: idsCodec },
  sorts: PRODUCT_SORTABLE,
  defaultSort: 'label',
  defaultDirection: 'asc',
  pageSizes: [5, 10, 15, 30],
  defaultPageSize: 10,
});

export type ProductListParams = ListParams<ProductFilters, ProductSortField>;

export const EMPTY_PRODUCT_FILTERS: ProductFilters = emptyFilters(productList);

/** Euros as typed ("300", "299,99") in cents, or null when not a price from 0 to 50,000 €. */
export function centsOf(text: string): number | null {
  const normalized = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return null;
  const cents = Math.round(Number(normalized) * 100);
  return cents >= 0 && cents <= 5_000_000 ? cents : null;
}

export type PriceProblem = 'invalid' | 'minAboveMax';

/** The price filter's problems: a bound that is not a price, or a minimum above the maximum (specification 000 §5). */
export function priceProblems(filters: Pick<ProductFilters, 'priceMin' | 'priceMax'>): { priceMin?: PriceProblem; priceMax?: PriceProblem } {
  const min = filters.priceMin.trim() ? centsOf(filters.priceMin) : undefined;
  const max = filters.priceMax.trim() ? centsOf(filters.priceMax) : undefined;
  const problems: { priceMin?: PriceProblem; priceMax?: PriceProblem } = {};
  if (min === null) problems.priceMin = 'invalid';
  if (max === null) problems.priceMax = 'invalid';
  if (typeof min === 'number' && typeof max === 'number' && min > max) problems.priceMax = 'minAboveMax';
  return problems;
}

/** The API's filters (GET /products), without paging. */
export function apiProductFilters(filters: ProductFilters): Record<string, string | readonly string[] | undefined> {
  const min = filters.priceMin.trim() ? centsOf(filters.priceMin) : null;
  const max = filters.priceMax.trim() ? centsOf(filters.priceMax) : null;
  return {
    search: filters.name.trim() || undefined,
    status: filters.status,
    'price[gte]': min === null ? undefined : String(min),
    'price[lte]': max === null ? undefined : String(max),
    categories: filters.categories.length ? filters.categories : undefined,
  };
}

/** A category filter's label: at most 40 characters (specification 000 §2). */
export function shortLabel(label: string, max = 40): string {
  return [...label].length > max ? `${[...label].slice(0, max - 1).join('')}…` : label;
}
