/**
 * A list screen's filters, sort, page and page size as the URL and local
 * storage keep them: the definition of a list and the pure functions that
 * read and write its parameters (no React here, so Node tests load it). The
 * hook that ties them to the router and the storage is use-list-params.ts.
 */

export type SortDirection = 'asc' | 'desc';

/** How one filter is written in the URL, and read back (anything invalid reads as empty). */
export interface FilterCodec<V> {
  empty: V;
  /** The parameter's values in the URL (several for a multiple choice). */
  parse(values: string[]): V;
  format(value: V): string[];
  /** false: never kept in local storage (a customer's name is personal data); the URL still carries it. */
  remember: boolean;
}

/** A list as its screen keeps it: the filters with their URL forms, the sorts, the page sizes. */
export interface ListDefinition<F extends object, S extends string> {
  /** Names the list in local storage and for the way back from a detail. */
  name: string;
  /** In the order the URL writes them. */
  filters: { [K in keyof F]: FilterCodec<F[K]> };
  /** The columns the API sorts by (its `order[field]` names). */
  sorts: readonly S[];
  defaultSort: S;
  defaultDirection: SortDirection;
  pageSizes: readonly number[];
  defaultPageSize: number;
  /** true: pages are asked with partial=true (no count, only whether a next page exists), for lists too long to count on every page. */
  partial?: boolean;
}

export interface ListParams<F, S extends string> {
  filters: F;
  sort: S;
  direction: SortDirection;
  page: number;
  itemsPerPage: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function single(check: (value: string) => boolean, remember = true): FilterCodec<string> {
  return {
    empty: '',
    parse: (values) => (values[0] !== undefined && check(values[0]) ? values[0] : ''),
    format: (value) => (value ? [value] : []),
    remember,
  };
}

/** The URL forms of the usual filters. */
export const filter = {
  /** Free text (a name, a code…). */
  text: (options: { remember?: boolean } = {}) => single(() => true, options.remember ?? true),
  /** An id (uuid) chosen in a list. */
  id: () => single((value) => ID.test(value)),
  /** A calendar day, yyyy-mm-dd. */
  date: () => single((value) => DATE.test(value)),
  /** One value out of a fixed list, or none. */
  oneOf: <T extends string>(values: readonly T[]): FilterCodec<T | ''> =>
    single((value) => (values as readonly string[]).includes(value)) as FilterCodec<T | ''>,
  /** Any number of values out of a fixed list (`name=a&name=b`). */
  someOf: <T extends string>(values: readonly T[]): FilterCodec<T[]> => ({
    empty: [],
    parse: (found) => [...new Set(found.filter((value): value is T => (values as readonly string[]).includes(value)))],
    format: (value) => value,
    remember: true,
  }),
};

/** Declares a list; a function only so that TypeScript infers its filters' and sorts' types. */
/** The page sizes every list offers unless it says otherwise (the API's maximum page is 100). */
export const DEFAULT_PAGE_SIZES = [10, 30, 50, 100] as const;

export function defineList<F extends object, const S extends string>(
  definition: Omit<ListDefinition<F, S>, 'pageSizes' | 'defaultPageSize'> & Partial<Pick<ListDefinition<F, S>, 'pageSizes' | 'defaultPageSize'>>,
): ListDefinition<F, S> {
  return { pageSizes: DEFAULT_PAGE_SIZES, defaultPageSize: 30, ...definition };
}

export function emptyFilters<F extends object>(definition: ListDefinition<F, string>): F {
  return Object.fromEntries(Object.entries(definition.filters).map(([name, codec]) => [name, (codec as FilterCodec<unknown>).empty])) as F;
}

export function isEmptyValue(value: unknown): boolean {
  return Array.isArray(value) ? value.length === 0 : value === '' || value === null || value === undefined;
}

/** How many filters are set (the empty state says "no result for these filters" rather than "nothing yet"). */
export function activeFilterCount(filters: object): number {
  return Object.values(filters).filter((value) => !isEmptyValue(value)).length;
}

function positiveInteger(value: string | null, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

export function paramsFromSearch<F extends object, S extends string>(definition: ListDefinition<F, S>, search: URLSearchParams): ListParams<F, S> {
  const filters = Object.fromEntries(
    Object.entries(definition.filters).map(([name, codec]) => [name, (codec as FilterCodec<unknown>).parse(search.getAll(name))]),
  ) as F;
  const sort = search.get('sort');
  const perPage = positiveInteger(search.get('perPage'), definition.defaultPageSize);
  const direction = search.get('direction');
  return {
    filters,
    sort: (definition.sorts as readonly string[]).includes(sort ?? '') ? (sort as S) : definition.defaultSort,
    direction: direction === 'asc' || direction === 'desc' ? direction : definition.defaultDirection,
    page: positiveInteger(search.get('page'), 1),
    itemsPerPage: definition.pageSizes.includes(perPage) ? perPage : definition.defaultPageSize,
  };
}

/** The URL's query for `params`: what differs from the defaults only, so the plain list has a plain address. */
export function searchFromParams<F extends object, S extends string>(
  definition: ListDefinition<F, S>,
  params: ListParams<F, S>,
  options: { forStorage?: boolean } = {},
): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, codec] of Object.entries(definition.filters) as Array<[string, FilterCodec<unknown>]>) {
    if (options.forStorage && !codec.remember) continue;
    for (const value of codec.format((params.filters as Record<string, unknown>)[name])) search.append(name, value);
  }
  if (params.sort !== definition.defaultSort || params.direction !== definition.defaultDirection) {
    search.set('sort', params.sort);
    search.set('direction', params.direction);
  }
  if (params.page > 1 && !options.forStorage) search.set('page', String(params.page));
  if (params.itemsPerPage !== definition.defaultPageSize) search.set('perPage', String(params.itemsPerPage));
  return search;
}

/** The list parameters of the API's list convention: `order[field]=asc|desc`, `page`, `itemsPerPage`, `partial` (the filters are the feature's). */
export function apiPaging(params: ListParams<unknown, string>, definition?: { partial?: boolean }): Record<string, string | number | boolean> {
  return {
    [`order[${params.sort}]`]: params.direction,
    page: params.page,
    itemsPerPage: params.itemsPerPage,
    ...(definition?.partial ? { partial: true } : {}),
  };
}

/** A date filter's local calendar day (yyyy-mm-dd), first or last instant, as the API's UTC ISO-8601. */
export function apiDayBound(day: string, end: boolean): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const local = end ? new Date(year, month - 1, date, 23, 59, 59, 999) : new Date(year, month - 1, date, 0, 0, 0, 0);
  return local.toISOString();
}

/** The list's query string as last shown, per list, so a detail's way back returns to the same filtered page. */
const lastSearches = new Map<string, string>();

export function lastListSearch(name: string): string {
  const search = lastSearches.get(name);
  return search ? `?${search}` : '';
}

export function rememberListSearch(name: string, search: string): void {
  lastSearches.set(name, search);
}

/** Local storage, per list, user and module (another user of the browser finds their own lists). */
export const listStorage = {
  key: (name: string, userId: string, module: string | null) => `dashboard.list.${name}.${userId}.${module ?? 'none'}`,
  read(key: string): string | null {
    try {
      const value = localStorage.getItem(key);
      return value && value.length <= 4000 ? value : null;
    } catch {
      return null;
    }
  },
  write(key: string, search: string): void {
    try {
      if (search) localStorage.setItem(key, search);
      else localStorage.removeItem(key);
    } catch {
      // Storage refused (private browsing): the URL still keeps the list.
    }
  },
};

