/**
 * A users page whose filter is the union of two key ranges (the name: a
 * start of "first last" or of "last first"; the e-mail: a start of the
 * address or of its domain), each with its own index: no single index holds
 * the matches, and SQLite's planner, left to itself, walked the tenant's
 * users. So the union is counted by its parts, each an index range: A + B −
 * (A and B), the last read on an index that carries both keys. Few matches
 * (UNION_SORT_UP_TO) are read by each part's index and sorted here; more
 * are found by walking the order's index, each entry checked against the
 * union: many match, so the page is reached after few entries.
 */
import { ApplicationError } from '../../commands/errors.js';
import { COUNT_LIMIT, UNPAGED_LIMIT, withIdTiebreak, type PageRequest } from '../../lists/paged-query.js';
import type { Collection, Filter, SortSpec, StoredDocument } from '../../ports/document-store.js';
import type { ListPage } from '../../views/schema.js';

/**
 * At most this many matches are read by the parts' indexes and sorted here;
 * more are found by walking the order's index. Higher than the other lists'
 * line: a name's matches cluster in the list's order (the last names
 * starting with "mar" lie together past half the tenant's users), so the
 * walk reads every user before them, where reading the matches costs one
 * read each.
 */
export const UNION_SORT_UP_TO = 8_000;

export interface KeyUnion {
  /** Each part's condition and the index whose range holds exactly its matches (with the tenant). */
  parts: readonly [{ filter: Filter; index: string }, { filter: Filter; index: string }];
  /** An index on which a range of the first part also carries the second's key: both are counted there without reading a document. */
  bothIndex: string;
}

export async function unionPage<T extends StoredDocument>(
  collection: Collection<T>,
  base: readonly Filter[],
  union: KeyUnion,
  request: PageRequest,
  defaultOrder: SortSpec,
  walkIndex: (order: SortSpec) => string | undefined,
  sortUpTo = UNION_SORT_UP_TO,
): Promise<ListPage<T>> {
  const sort = request.order?.length ? request.order : defaultOrder;
  const where = (...conditions: Filter[]): Filter => ({ $and: [...base, ...conditions] });
  const [a, b] = union.parts;
  const limit = COUNT_LIMIT + 1;
  const [inA, inB] = await Promise.all([collection.count(where(a.filter), { limit, hint: a.index }), collection.count(where(b.filter), { limit, hint: b.index })]);
  const overflow = inA > COUNT_LIMIT || inB > COUNT_LIMIT;
  const inBoth = inA === 0 || inB === 0 || overflow ? 0 : await collection.count(where(a.filter, b.filter), { limit, hint: union.bothIndex });
  const matches = overflow ? Math.max(inA, inB) : inA + inB - inBoth;
  const unpaged = request.pagination === false;
  const skip = unpaged ? 0 : (request.page - 1) * request.itemsPerPage;
  const take = unpaged ? UNPAGED_LIMIT + 1 : request.itemsPerPage + 1;
  let rows: T[];
  if (matches <= sortUpTo) {
    const found = await Promise.all(union.parts.map((part) => collection.find(where(part.filter), { hint: part.index, limit: sortUpTo + 1 })));
    const byId = new Map(found.flat().map((row) => [row._id, row]));
    rows = [...byId.values()].sort(compareBy(withIdTiebreak(sort))).slice(skip, skip + take);
  } else if (!unpaged && matches <= COUNT_LIMIT && skip >= matches) {
    rows = [];
  } else {
    const hint = walkIndex(sort);
    rows = await collection.find(where({ $or: [a.filter, b.filter] }), { sort, skip, limit: take, ...(hint ? { hint } : {}) });
  }
  if (unpaged) {
    if (rows.length > UNPAGED_LIMIT) throw new ApplicationError('LIST_TOO_LONG', { limit: UNPAGED_LIMIT });
    return { items: rows, totalItems: rows.length, totalItemsIsLowerBound: false, hasNextPage: false, page: 1, itemsPerPage: UNPAGED_LIMIT };
  }
  return {
    items: rows.slice(0, request.itemsPerPage),
    totalItems: request.partial ? null : Math.min(matches, COUNT_LIMIT),
    totalItemsIsLowerBound: !request.partial && matches > COUNT_LIMIT,
    hasNextPage: rows.length > request.itemsPerPage,
    page: request.page,
    itemsPerPage: request.itemsPerPage,
  };
}

/** The store's order: null (or missing) before any value ascending, after every value descending; strings by code point. */
function compareBy(sort: SortSpec) {
  return (x: StoredDocument, y: StoredDocument): number => {
    for (const [path, direction] of sort) {
      const [p, q] = [valueAt(x, path), valueAt(y, path)];
      if (p === q) continue;
      if (p === null) return -direction;
      if (q === null) return direction;
      return (p < q ? -1 : 1) * direction;
    }
    return 0;
  };
}

function valueAt(document: StoredDocument, path: string): string | number | boolean | null {
  let value: unknown = document;
  for (const part of path.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  return (value ?? null) as string | number | boolean | null;
}
