/**
 * How the payment search finds a page among a million payments, fast
 * whatever its filters (issue 19: p95 under 50 ms), as the items list does
 * (application/warehouse/queries/item-list-plan.ts): counted first (capped)
 * by the index of its most selective filter, whose range holds exactly its
 * matches; then the page read, newest first, by
 * - that index when it holds them newest first (one status, one provider…);
 * - that index, its matches sorted, when few match (an amount range, the
 *   start of a code, several statuses);
 * - the tenant's index in creation order otherwise, each entry checked
 *   against the filters it carries: many matches, so the page is reached
 *   after few entries.
 * A planner cannot know the count: SQLite's walked the creation order in
 * search of a narrow amount range, reading a document per payment.
 */
import type { SortSpec } from '../ports/document-store.js';
import type { PagePlan } from '../lists/paged-query.js';
import { PAYMENT_SEARCH_BY_CREATED, PAYMENT_SEARCH_NARROWING } from './payment-search-read-model.js';

/** At most this many matches are read by their filter's index and sorted; more are found by walking the creation order. */
export const SORT_MATCHES_UP_TO = 2_000;

/** What the plan needs to know of a search. */
export interface PaymentSearchShape {
  /** The filter names the tenant (every caller but platform staff). */
  tenantScoped: boolean;
  /** The paths the filter narrows to values (with how many) or to a range (Infinity). */
  narrowedBy: ReadonlyMap<string, number>;
}

function narrowing(shape: PaymentSearchShape): { name: string; ordered: boolean } | null {
  for (const [paths, name, range] of PAYMENT_SEARCH_NARROWING) {
    const counts = paths.map((path) => shape.narrowedBy.get(path) ?? 0);
    if (counts.every((count) => count > 0)) return { name, ordered: !range && counts.every((count) => count === 1) };
  }
  return null;
}

function isNewestFirst(order: SortSpec): boolean {
  const [first, second] = order;
  return order.length <= 2 && first?.[0] === 'createdAt' && first[1] === -1 && (second === undefined || second[0] === '_id');
}

/** The indexes to count and read a page of this search by; none (the store's planner) for platform staff, or another order. */
export function paymentSearchPlan(shape: PaymentSearchShape): PagePlan {
  if (!shape.tenantScoped) return {};
  const narrow = narrowing(shape);
  return {
    countIndex: narrow?.name ?? PAYMENT_SEARCH_BY_CREATED,
    index(matches, order) {
      if (!isNewestFirst(order)) return undefined;
      if (!narrow) return PAYMENT_SEARCH_BY_CREATED;
      if (narrow.ordered) return narrow.name;
      return matches !== null && matches <= SORT_MATCHES_UP_TO ? narrow.name : PAYMENT_SEARCH_BY_CREATED;
    },
  };
}
