/**
 * How the items list finds a page among a million items, fast whatever its
 * filters and order (issue 10: a filtered, sorted page of /items over one
 * million items, p95 under 50 ms).
 *
 * Two families of indexes, all led by the tenant:
 * - one per sort of the list: tenant, sort key, id, then every common filter
 *   (COVERED). Walking it in order reads no document until the page is found:
 *   a filter is checked on the index entry. Fast when the filter keeps many
 *   items (a page is reached after a few thousand entries);
 * - one per narrowing filter (status, stock, both, product, category):
 *   tenant, the filter's values, reception date, id, then the other filters. Its range is
 *   exactly the matching items: the count reads only them, and when few
 *   match, sorting them is cheaper than walking an order in search of them.
 *
 * The list counts first (capped, see COUNT_LIMIT), then reads the page by the
 * index this plan names for that count. A planner cannot know what the count
 * tells: SQLite's, even with statistics, walked 90,000 items to sort them
 * where the order's index found the page in 30 entries, and walked a whole
 * warehouse in an order to find 200 items its status index held together.
 * A warehouse operator's scope (tenant and warehouse) is served by the same
 * indexes, the warehouse being covered: a retailer has a few warehouses.
 */
import type { SortSpec } from '../../ports/document-store.js';
import { ITEM_LIST_NARROWING as NARROWING, ITEM_LIST_SORTS as SORTS } from '../item-list-read-model.js';

/**
 * At most this many matches are read by their filter's index and sorted;
 * more are found by walking the order's index. Sorting n items costs about n
 * document reads; walking costs (page end) × (tenant's items ÷ matches)
 * index entries, a tenth of a read each: with a million items both stay
 * within a few milliseconds on either side of this line.
 */
export const SORT_MATCHES_UP_TO = 2_000;

/** The first narrowing index whose paths the filter all narrows (with `values`: by that many values each, at most). */
function narrowingOf(shape: ItemListShape, values = Number.POSITIVE_INFINITY): string | undefined {
  return NARROWING.find(([paths]) => paths.every((path) => (shape.narrowedBy.get(path) ?? 0) > 0 && (shape.narrowedBy.get(path) ?? 0) <= values))?.[1];
}

/** What the plan needs to know of a list request. */
export interface ItemListShape {
  /** The filter names the tenant (every caller but platform staff). */
  tenantScoped: boolean;
  /** The paths the filter narrows by one value or a list of values, with how many values. */
  narrowedBy: ReadonlyMap<string, number>;
  /** The filter bounds the reception date (age). */
  receivedRange: boolean;
  /** The filter bounds the margin (refurbishment economics): its index holds exactly the items in range. */
  marginRange?: boolean;
  /** A filter no list index covers (code, IMEI, buyback): its own index, or the store's planner, finds it. */
  uncovered: boolean;
}

function planned(shape: ItemListShape): boolean {
  return shape.tenantScoped && !shape.uncovered;
}

/**
 * The index to count by: the narrowing filter's (exactly its matches), else
 * the reception index, whose order is unrelated to brand or product. Left to
 * itself, SQLite counted a brand along the category index, where the brand's
 * items lie together at the end: 600,000 entries read instead of 60,000.
 */
export function itemCountIndex(shape: ItemListShape): string | undefined {
  if (!planned(shape)) return undefined;
  return narrowingOf(shape) ?? (shape.marginRange ? 'list_by_margin' : 'list_by_received');
}

/**
 * The index to read a page in `order` by, knowing how many items match
 * (capped; null when the list was not counted); undefined leaves the choice
 * to the store.
 */
export function itemListIndex(shape: ItemListShape, matches: number | null, order: SortSpec): string | undefined {
  if (!planned(shape)) return undefined;
  const [first, ...rest] = order;
  const single = rest.length === 0 ? first : undefined;
  // One value of a narrowing filter, in reception order: its index holds the page, in order, with nothing to skip.
  const exact = narrowingOf(shape, 1);
  if (exact && single?.[0] === 'receivedAt') return exact;
  const sortIndex = single ? SORTS.find(([path]) => path === single[0])?.[1] : undefined;
  if (matches === null || matches > SORT_MATCHES_UP_TO) return sortIndex;
  const narrowing = narrowingOf(shape);
  if (narrowing) return narrowing;
  // Few items received in a date range, or with a margin in range: that range of its index holds them all.
  if (shape.receivedRange) return 'list_by_received';
  if (shape.marginRange) return 'list_by_margin';
  return sortIndex;
}
