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
 * - one per narrowing filter (status, stock, product, category): tenant, the
 *   filter's value, reception date, id, then the other filters. Its range is
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
import type { IndexSpec, SortSpec } from '../../ports/document-store.js';

/** The filters every list index carries after its keys. */
const COVERED = ['warehouseId', 'status', 'stockId', 'brandKey', 'product.productId', 'product.categoryId', 'receivedAt'] as const;

/** Each sort path of the list, with its index's name and direction (the index serves both directions). */
const SORTS: ReadonlyArray<readonly [path: string, name: string, direction: 1 | -1]> = [
  ['receivedAt', 'list_by_received', -1],
  ['updatedAt', 'list_by_updated', -1],
  ['statusSince', 'list_by_status_since', -1],
  ['identificationNumber', 'list_by_code', 1],
  ['status', 'list_by_status', 1],
  ['product.label', 'list_by_product_label', 1],
  ['purchasePrice.amountInCents', 'list_by_purchase_price', -1],
];

/** The narrowing filters, most selective first (the first one present is read by). */
const NARROWING: ReadonlyArray<readonly [path: string, name: string]> = [
  ['product.productId', 'list_of_product'],
  ['stockId', 'list_of_stock'],
  ['status', 'list_of_status'],
  ['product.categoryId', 'list_of_category'],
];

/**
 * At most this many matches are read by their filter's index and sorted;
 * more are found by walking the order's index. Sorting n items costs about n
 * document reads; walking costs (page end) × (tenant's items ÷ matches)
 * index entries, a tenth of a read each: with a million items both stay
 * within a few milliseconds on either side of this line.
 */
export const SORT_MATCHES_UP_TO = 2_000;

function covered(...keys: string[]): SortSpec {
  return COVERED.filter((path) => !keys.includes(path)).map((path) => [path, 1]);
}

/** The list's indexes, for the items projection to declare. */
export const ITEM_LIST_INDEXES: readonly IndexSpec[] = [
  ...SORTS.map(([path, name, direction]): IndexSpec => ({ name, fields: [['accountId', 1], [path, direction], ['_id', direction], ...covered(path)] })),
  ...NARROWING.map(([path, name]): IndexSpec => ({ name, fields: [['accountId', 1], [path, 1], ['receivedAt', -1], ['_id', -1], ...covered(path, 'receivedAt')] })),
];

/** What the plan needs to know of a list request. */
export interface ItemListShape {
  /** The filter names the tenant (every caller but platform staff). */
  tenantScoped: boolean;
  /** The paths the filter narrows by equality or a list of values. */
  narrowedBy: ReadonlySet<string>;
  /** The filter bounds the reception date (age). */
  receivedRange: boolean;
  /** A filter no list index covers (code, IMEI, buyback): its own index, or the store's planner, finds it. */
  uncovered: boolean;
}

/**
 * The index to read a page in `order` by, knowing how many items match
 * (capped; null when the list was not counted); undefined leaves the choice
 * to the store.
 */
export function itemListIndex(shape: ItemListShape, matches: number | null, order: SortSpec): string | undefined {
  if (!shape.tenantScoped || shape.uncovered) return undefined;
  const [first, ...rest] = order;
  const sortIndex = rest.length === 0 && first ? SORTS.find(([path]) => path === first[0])?.[1] : undefined;
  if (matches === null || matches > SORT_MATCHES_UP_TO) return sortIndex;
  const narrowing = NARROWING.find(([path]) => shape.narrowedBy.has(path));
  if (narrowing) return narrowing[1];
  // Few items received in a date range: that range of the reception index holds them all.
  if (shape.receivedRange) return 'list_by_received';
  return sortIndex;
}
