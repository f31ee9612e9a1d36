/**
 * The items list's indexes, declared with the read model (the items
 * projection builds them; queries/item-list-plan.ts chooses among them for
 * each page). Every one is led by the tenant and carries the common filters
 * after its keys, so a filter is checked on the index entry, never on the
 * document.
 */
import type { IndexSpec, SortSpec } from '../ports/document-store.js';

/** The filters every list index carries after its keys. */
const COVERED = ['warehouseId', 'status', 'stockId', 'brandKey', 'product.productId', 'product.categoryId', 'receivedAt'] as const;

/** Each sort path of the list, with its index's name and direction (the index serves both directions). */
export const ITEM_LIST_SORTS: ReadonlyArray<readonly [path: string, name: string, direction: 1 | -1]> = [
  ['receivedAt', 'list_by_received', -1],
  ['updatedAt', 'list_by_updated', -1],
  ['statusSince', 'list_by_status_since', -1],
  ['identificationNumber', 'list_by_code', 1],
  ['status', 'list_by_status', 1],
  ['product.label', 'list_by_product_label', 1],
  ['purchasePrice.amountInCents', 'list_by_purchase_price', -1],
  // The refurbishment economics' margin (projections/refurbishment/economics-projection.ts): its order, and its min/max range.
  ['margin.amountInCents', 'list_by_margin', -1],
];

/**
 * The narrowing filters, each index with the paths it leads with, most
 * selective first: the first whose paths the filter all narrows is read by.
 * A status and a stock together have their own index: alone, either may hold
 * hundreds of thousands of items of which none are in the other (a status
 * never kept in that stock), and the count would read them all to find none.
 */
export const ITEM_LIST_NARROWING: ReadonlyArray<readonly [paths: readonly string[], name: string]> = [
  [['product.productId'], 'list_of_product'],
  [['status', 'stockId'], 'list_of_status_stock'],
  [['stockId'], 'list_of_stock'],
  [['status'], 'list_of_status'],
  [['product.categoryId'], 'list_of_category'],
  // The items the refurbishment planned steps for (a fifth of a warehouse, perhaps): counted by their own range.
  [['refurbishing'], 'list_of_refurbishing'],
];

function covered(...keys: string[]): SortSpec {
  return COVERED.filter((path) => !keys.includes(path)).map((path) => [path, 1]);
}

/** The list's indexes, for the items projection to declare. */
export const ITEM_LIST_INDEXES: readonly IndexSpec[] = [
  ...ITEM_LIST_SORTS.map(([path, name, direction]): IndexSpec => ({ name, fields: [['accountId', 1], [path, direction], ['_id', direction], ...covered(path)] })),
  ...ITEM_LIST_NARROWING.map(
    ([paths, name]): IndexSpec => ({ name, fields: [['accountId', 1], ...paths.map((path): [string, 1] => [path, 1]), ['receivedAt', -1], ['_id', -1], ...covered(...paths, 'receivedAt')] }),
  ),
];

