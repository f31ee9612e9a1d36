/**
 * How the users list finds a page among 100,000 users (issue 20: p95 under
 * 50 ms), as the items list does (application/warehouse/queries/item-list-plan.ts):
 * counted first (capped), by the index of its narrowing filter when one index
 * holds exactly its matches; then the page read
 * - by that index when few match (sorting them costs a read each), or when
 *   it holds them in the list's default order (one status, one role);
 * - by the order's own index otherwise, each entry checked against the
 *   filters: many match, so the page is reached after few entries.
 * A filter no single index holds (an admin role, an entity not found) is
 * left to the store's planner; a name or an e-mail, a union of two key
 * ranges, is found by its parts (users-union-page.ts).
 * Platform staff (no tenant in the filter) leave every choice to the store.
 */
import type { SortSpec } from '../../ports/document-store.js';
import type { PagePlan } from '../../lists/paged-query.js';

/** At most this many matches are read by their filter's index and sorted; more are found by walking the order's index. */
export const SORT_MATCHES_UP_TO = 2_000;

export const USER_DEFAULT_ORDER: SortSpec = [
  ['lastname', 1],
  ['firstname', 1],
];

/** A filter of the request: the index holding exactly its matches (null: several do), and whether that index holds them in the default order. */
export interface UserListNarrowing {
  index: string | null;
  single: boolean;
}

/** The index that walks the users in `order`, if one does. */
export function userOrderIndex(order: SortSpec): string | undefined {
  const [first, second, ...rest] = order;
  if (rest.length > 0 || !first) return undefined;
  if (first[0] === 'lastname' && first[1] === 1 && (second === undefined || (second[0] === 'firstname' && second[1] === 1))) return 'by_account_name';
  if (second !== undefined) return undefined;
  if (first[0] === 'createdAt') return 'by_account_created';
  if (first[0] === 'lastLoginAt') return 'by_account_last_login';
  return undefined;
}

const isDefaultOrder = (order: SortSpec) => userOrderIndex(order) === 'by_account_name' && order.length === 2;

export function userListPlan(tenantScoped: boolean, narrowing: readonly UserListNarrowing[]): PagePlan {
  if (!tenantScoped) return {};
  const indexed = narrowing.find((filter) => filter.index !== null);
  const joined = narrowing.some((filter) => filter.index === null);
  // Counted by the narrowing index, unless an $or is in the filter (no single index holds its matches).
  const countIndex = joined ? undefined : (indexed?.index ?? 'by_account_name');
  return {
    ...(countIndex ? { countIndex } : {}),
    index(matches, order) {
      const walk = userOrderIndex(order);
      if (narrowing.length === 0) return walk;
      if (indexed?.single && !joined && isDefaultOrder(order)) return indexed.index ?? undefined;
      if (matches !== null && matches <= SORT_MATCHES_UP_TO) return joined ? undefined : (indexed?.index ?? undefined);
      return walk;
    },
  };
}
