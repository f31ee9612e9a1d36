/**
 * The payment search's indexes, declared with the read model (the payments
 * projection builds them; payment-search-plan.ts chooses among them for each
 * page). All but the platform staff's are led by the tenant and carry the
 * search's filters after their keys (COVERED), so a filter is checked on the
 * index entry, never on the document: a page or a count reads no document
 * but the page's own.
 */
import type { IndexSpec, SortSpec } from '../ports/document-store.js';

/** The filters every search index carries after its keys. */
const COVERED = ['status', 'type', 'provider', 'storeId', 'buyerId', 'amountKey', 'identificationNumber', 'createdAt'] as const;

/** Newest first, the search's default order, and the order of every index below after its filter's keys. */
const NEWEST_FIRST: SortSpec = [['createdAt', -1], ['_id', -1]];

function covered(...keys: string[]): SortSpec {
  return COVERED.filter((path) => !keys.includes(path)).map((path) => [path, 1]);
}

/** The tenant's payments, newest first: the default page, and any page whose filter keeps many payments. */
export const PAYMENT_SEARCH_BY_CREATED = 'search_by_created';

/**
 * The narrowing filters, each with the paths its index leads with (after the
 * tenant), most selective first: the first whose paths the filter all names
 * is counted by. An equality filter's index holds its payments newest first;
 * a range's (amount, the start of a code) holds them in its own order.
 */
export const PAYMENT_SEARCH_NARROWING: ReadonlyArray<readonly [paths: readonly string[], name: string, range: boolean]> = [
  [['identificationNumber'], 'search_of_code', true],
  [['buyerId', 'status'], 'search_of_buyer_status', false],
  [['status'], 'search_of_status', false],
  [['amountKey'], 'search_of_amount', true],
  [['provider'], 'search_of_provider', false],
  [['type'], 'search_of_type', false],
  [['storeId'], 'search_of_store', false],
  [['buyerId'], 'search_of_buyer', false],
];

/** The search's indexes, for the payments projection to declare. */
export const PAYMENT_SEARCH_INDEXES: readonly IndexSpec[] = [
  { name: PAYMENT_SEARCH_BY_CREATED, fields: [['accountId', 1], ...NEWEST_FIRST, ...covered('createdAt')] },
  ...PAYMENT_SEARCH_NARROWING.map(
    ([paths, name]): IndexSpec => ({ name, fields: [['accountId', 1], ...paths.map((path): [string, 1] => [path, 1]), ...NEWEST_FIRST, ...covered(...paths, 'createdAt')] }),
  ),
];
