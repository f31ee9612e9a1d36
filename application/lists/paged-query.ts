/**
 * The list convention of the specification (`pagination`, `page`,
 * `itemsPerPage`, `partial`, `order[field]`) over the document store, once
 * for every list: a page and its capped count, an unpaged list with a bound,
 * and the whole list read in batches for an export.
 */
import { ApplicationError } from '../commands/errors.js';
import type { Collection, Filter, Scalar, SortSpec, StoredDocument } from '../ports/document-store.js';
import type { ListPage } from '../views/schema.js';

/**
 * Totals are counted exactly up to this many rows; past it a page says
 * "10,000 or more" (`totalItemsIsLowerBound`). Counting a million matches
 * exactly would read a million index entries on every page view.
 */
export const COUNT_LIMIT = 10_000;

/**
 * `pagination=false` answers the whole list in one page of at most this many
 * rows; a longer list answers 400 LIST_TOO_LONG (page it, narrow it, or use
 * its export, which streams every row).
 */
export const UNPAGED_LIMIT = 1_000;

/** Rows an export reads per query while it streams. */
export const EXPORT_BATCH_SIZE = 500;

/** What a list request asks of paging and order, as the list convention sends it. */
export interface PageRequest {
  page: number;
  itemsPerPage: number;
  /** false: every row in one answer, at most UNPAGED_LIMIT of them. */
  pagination?: boolean;
  /** true: no count, only whether a next page exists (cheaper on long lists). */
  partial?: boolean;
  /** Empty or missing: the list's default order. */
  order?: SortSpec;
}

/** A column a list sorts by: its document path, and whether the path may be null or missing (the export's batches need to know). */
export interface SortColumn {
  path: string;
  nullable?: boolean;
}

/** The public sort names of a list, each with its column. */
export type SortColumns<F extends string = string> = Readonly<Record<F, SortColumn>>;

/** `order[field]=asc|desc`, as validated against the list's sort names, turned into document paths; unknown names are left out. */
export function orderOf(order: Partial<Record<string, 'asc' | 'desc'>> | undefined, columns: SortColumns): SortSpec {
  return Object.entries(order ?? {}).flatMap(([field, direction]): SortSpec => {
    const column = columns[field];
    return column && direction ? [[column.path, direction === 'desc' ? -1 : 1]] : [];
  });
}

/**
 * One page of `filter`'s matches: the page's rows (one more is read to tell
 * whether a next page exists) and, unless `partial`, the count, exact up to
 * COUNT_LIMIT. Unpaged, every row, or LIST_TOO_LONG past UNPAGED_LIMIT.
 */
export async function findPage<T extends StoredDocument>(
  collection: Collection<T>,
  filter: Filter,
  request: PageRequest,
  defaultOrder: SortSpec,
  plan: PagePlan = {},
): Promise<ListPage<T>> {
  const sort = request.order?.length ? request.order : defaultOrder;
  if (request.pagination === false) {
    const rows = await collection.find(filter, { sort, limit: UNPAGED_LIMIT + 1, ...hinted(plan.index?.(null, sort)) });
    if (rows.length > UNPAGED_LIMIT) throw new ApplicationError('LIST_TOO_LONG', { limit: UNPAGED_LIMIT });
    return { items: rows, totalItems: rows.length, totalItemsIsLowerBound: false, hasNextPage: false, page: 1, itemsPerPage: UNPAGED_LIMIT };
  }
  const { page, itemsPerPage } = request;
  const skip = (page - 1) * itemsPerPage;
  const countRows = () => (request.partial ? Promise.resolve(null) : collection.count(filter, { limit: COUNT_LIMIT + 1, ...hinted(plan.countIndex) }));
  let found: T[];
  let counted: number | null;
  if (plan.index) {
    // The count first: it tells the plan which index finds the page, and that a page past the end holds nothing.
    counted = await countRows();
    found = counted !== null && counted <= COUNT_LIMIT && counted <= skip ? [] : await collection.find(filter, { sort, skip, limit: itemsPerPage + 1, ...hinted(plan.index(counted, sort)) });
  } else {
    [found, counted] = await Promise.all([collection.find(filter, { sort, skip, limit: itemsPerPage + 1 }), countRows()]);
  }
  return {
    items: found.slice(0, itemsPerPage),
    totalItems: counted === null ? null : Math.min(counted, COUNT_LIMIT),
    totalItemsIsLowerBound: counted !== null && counted > COUNT_LIMIT,
    hasNextPage: found.length > itemsPerPage,
    page,
    itemsPerPage,
  };
}

/** How a list finds its page when it knows better than the store's planner (see the items list). */
export interface PagePlan {
  /** The index to count by. */
  countIndex?: string;
  /** The index to read the page by, knowing how many rows match (capped; null when not counted) and the order. */
  index?: (matches: number | null, order: SortSpec) => string | undefined;
}

function hinted(index: string | undefined): { hint?: string } {
  return index === undefined ? {} : { hint: index };
}

/**
 * Every match of `filter`, in `order`, read EXPORT_BATCH_SIZE rows at a time
 * for as long as the consumer pulls (an export streams them out as they come;
 * a consumer that stops, a client gone, stops the reads).
 *
 * Batches follow each other by keyset, not by offset: each asks for the rows
 * after the last one read, in the order completed with the `_id` tiebreak
 * (the one the adapters add), so a batch costs an index seek wherever the
 * page would, and a buyback registered meanwhile moves no row into a batch
 * twice. `nullable` names the sort paths that may be null or missing.
 */
export async function* findAll<T extends StoredDocument>(
  collection: Collection<T>,
  filter: Filter,
  order: SortSpec,
  options: { nullable?: ReadonlySet<string>; batchSize?: number } = {},
): AsyncGenerator<T, void, undefined> {
  const sort = withIdTiebreak(order);
  const batchSize = options.batchSize ?? EXPORT_BATCH_SIZE;
  const nullable = options.nullable ?? new Set<string>();
  let last: T | undefined;
  for (;;) {
    const where = last ? { $and: [filter, after(sort, last, nullable)] } : filter;
    const batch = await collection.find(where, { sort, limit: batchSize });
    yield* batch;
    if (batch.length < batchSize) return;
    last = batch.at(-1);
  }
}

/** The nullable paths of a list's sort columns. */
export function nullablePaths(columns: SortColumns): ReadonlySet<string> {
  return new Set(Object.values<SortColumn>(columns).filter((column) => column.nullable).map((column) => column.path));
}

/** The order with `_id` last, in the last key's direction, as the adapters complete every sort. */
export function withIdTiebreak(order: SortSpec): SortSpec {
  if (order.some(([path]) => path === '_id')) return order;
  return [...order, ['_id', order.at(-1)?.[1] ?? 1]];
}

/**
 * The rows strictly after `last` in `sort` (which ends with `_id`, so no two
 * rows tie), in the document store's order: null and missing before any
 * value ascending, after every value descending. A sort path holds one type
 * of scalar, or null.
 *
 * The first key's bound is repeated outside the $or ("createdAt ≤ x AND
 * (createdAt < x OR (createdAt = x AND _id < y))"), so the store reads a
 * range of its index instead of walking it from the start.
 */
export function after(sort: SortSpec, last: StoredDocument, nullable: ReadonlySet<string>): Filter {
  const keys = sort.map(([path, direction]) => ({ path, direction, value: valueAt(last, path), nullable: nullable.has(path) }));
  const branches: Filter[] = [];
  keys.forEach((key, index) => {
    const beyond = strictlyAfter(key.path, key.direction, key.value, key.nullable);
    if (beyond === null) return;
    const equal = keys.slice(0, index).map((previous): Filter => ({ [previous.path]: previous.value }));
    branches.push(equal.length === 0 ? beyond : { $and: [...equal, beyond] });
  });
  // Only when every key, _id included, is null; the row was the last.
  if (branches.length === 0) return { _id: { $in: [] } };
  const [first] = keys;
  const bound = first ? notBefore(first.path, first.direction, first.value, first.nullable) : null;
  const rest: Filter = branches.length === 1 ? (branches[0] as Filter) : { $or: branches };
  return bound ? { $and: [bound, rest] } : rest;
}

function strictlyAfter(path: string, direction: 1 | -1, value: Scalar, nullable: boolean): Filter | null {
  if (direction === 1) return { [path]: value === null ? { $ne: null } : { $gt: value } };
  if (value === null) return null; // descending, nothing comes after null
  return nullable ? { $or: [{ [path]: { $lt: value } }, { [path]: null }] } : { [path]: { $lt: value } };
}

/** The same key's bound, inclusive, where it is one range (not when a descending nullable key's nulls come after). */
function notBefore(path: string, direction: 1 | -1, value: Scalar, nullable: boolean): Filter | null {
  if (value === null) return direction === 1 ? null : { [path]: null };
  if (direction === 1) return { [path]: { $gte: value } };
  return nullable ? null : { [path]: { $lte: value } };
}

function valueAt(document: StoredDocument, path: string): Scalar {
  let value: unknown = document;
  for (const part of path.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  throw new Error(`A list sorts by ${path}, which holds no scalar`);
}
