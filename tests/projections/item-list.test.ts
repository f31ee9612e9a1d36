import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { principalOf } from '../support/assembly.js';
import type { Principal } from '../../application/organizations/principal.js';
import type { SortSpec } from '../../application/ports/document-store.js';
import { COUNT_LIMIT } from '../../application/lists/paged-query.js';
import { ITEM_DEFAULT_ORDER, WarehouseQueries, type ItemListQuery } from '../../application/warehouse/warehouse-queries.js';
import { itemCountIndex, itemListIndex, SORT_MATCHES_UP_TO, type ItemListShape } from '../../application/warehouse/queries/item-list-plan.js';
import { ITEM_LIST_INDEXES } from '../../application/warehouse/item-list-read-model.js';
import { WAREHOUSE_COLLECTIONS, type ItemDocument } from '../../application/warehouse/read-models.js';
import { ITEM_STATUSES } from '../../domain/warehouse/items/state.js';
import { nativeStockId, NATIVE_STOCK_KINDS } from '../../domain/warehouse/stocks/native-stocks.js';
import { SqliteDocumentStore } from '../../infrastructure/document-store/sqlite-document-store.js';
import { itemsProjection } from '../../projections/warehouse/items-projection.js';
import { ITEM_TENANTS, itemFactory } from '../../bench/item-data.js';
import { pick, seededRandom } from '../../bench/support.js';

/**
 * The items list reads each page by the index its plan names for the count
 * (item-list-plan.ts): the order's index when many items match, the filter's
 * when few do. Whichever it reads by, the page must be the one the filter
 * and the order define; this file checks that against the documents
 * themselves, filtered and sorted in memory, on both sides of the line.
 */
const TOTAL = 8_000;
const NOW = '2026-11-24T12:00:00.000Z';
const DAY_MS = 86_400_000;
let store: SqliteDocumentStore;
let documents: ItemDocument[];
let queries: WarehouseQueries;

type Tenant = (typeof ITEM_TENANTS)[number];
const operator = (tenant: Tenant) => principalOf('warehouse_operator', tenant.accountId, tenant.warehouseId, 'rps');
const root = (tenant: Tenant) => principalOf('root_management_unit_manager', tenant.accountId, null, 'root');

beforeAll(async () => {
  store = new SqliteDocumentStore({ path: ':memory:' });
  const factory = itemFactory(seededRandom(31), Date.parse('2026-11-01T18:00:00Z'), TOTAL);
  documents = Array.from({ length: TOTAL }, (_, i) => factory.item(i).document);
  await store.collection(WAREHOUSE_COLLECTIONS.items).ensureIndexes(itemsProjection.indexes);
  await store.writeBatch(documents.map((document) => ({ kind: 'upsert' as const, collection: WAREHOUSE_COLLECTIONS.items, document })));
  queries = new WarehouseQueries(store, { now: () => NOW });
});
afterAll(async () => store.close());

/** The path's value as the list sorts it. */
function valueAt(document: ItemDocument, path: string): string | number | null {
  const value = path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | null)?.[key], document);
  return (value ?? null) as string | number | null;
}

/** The documents' order: null before any value ascending, after every value descending; ties by id in the same direction. */
function compareBy(order: SortSpec) {
  const sort = [...order, ['_id', order.at(-1)?.[1] ?? 1] as const];
  return (a: ItemDocument, b: ItemDocument): number => {
    for (const [path, direction] of sort) {
      const [x, y] = [valueAt(a, path), valueAt(b, path)];
      if (x === y) continue;
      if (x === null) return -direction;
      if (y === null) return direction;
      return (x < y ? -1 : 1) * direction;
    }
    return 0;
  };
}

/** What the page must hold, computed from the documents alone. */
function expectedPage(principal: Principal, query: ItemListQuery): { ids: string[]; total: number } {
  const oldest = query.minAgeDays === undefined ? null : new Date(Date.parse(NOW) - query.minAgeDays * DAY_MS).toISOString();
  const matching = documents.filter(
    (d) =>
      d.accountId === principal.accountId &&
      (principal.userType !== 'warehouse_operator' || d.warehouseId === principal.organizationId) &&
      (!query.status || query.status.includes(d.status)) &&
      (!query.stockId || (d.stockId !== null && query.stockId.includes(d.stockId))) &&
      (!query.brand || d.brandKey === query.brand.toLowerCase()) &&
      (!query.productId || d.product.productId === query.productId) &&
      (oldest === null || (d.receivedAt !== null && d.receivedAt <= oldest)),
  );
  const sorted = matching.sort(compareBy(query.order?.length ? query.order : ITEM_DEFAULT_ORDER));
  const start = (query.page - 1) * query.itemsPerPage;
  return { ids: sorted.slice(start, start + query.itemsPerPage).map((d) => d._id), total: Math.min(matching.length, COUNT_LIMIT) };
}

const SORT_PATHS = ['receivedAt', 'updatedAt', 'statusSince', 'identificationNumber', 'status', 'product.label', 'purchasePrice.amountInCents'];

describe('Given 8,000 items of two retailers', () => {
  it('when 150 random filtered, sorted pages are listed, then each is the page the documents define, read by either kind of index', async () => {
    const random = seededRandom(5);
    let few = 0;
    let many = 0;
    for (let i = 0; i < 150; i++) {
      const tenant = pick(random, ITEM_TENANTS);
      const principal = random() < 0.5 ? operator(tenant) : root(tenant);
      const query: ItemListQuery = { page: 1 + Math.floor(random() * 4), itemsPerPage: 25 };
      if (random() < 0.4) query.status = [pick(random, ITEM_STATUSES)];
      if (random() < 0.25) query.stockId = [nativeStockId(tenant.warehouseId, pick(random, NATIVE_STOCK_KINDS))];
      if (random() < 0.3) query.brand = pick(random, ['apple', 'Samsung', 'SONY', 'google']);
      if (random() < 0.1) query.productId = pick(random, documents).product.productId;
      if (random() < 0.2) query.minAgeDays = Math.floor(random() * 600);
      if (random() < 0.6) query.order = [[pick(random, SORT_PATHS), random() < 0.5 ? 1 : -1]];
      const expected = expectedPage(principal, query);
      const page = await queries.listItems(principal, query);
      expect({ query, ids: page.items.map((item) => item.id), total: page.totalItems }).toEqual({ query, ...expected });
      if (expected.total <= SORT_MATCHES_UP_TO) few++;
      else many++;
    }
    // Both sides of the plan's line were crossed often enough to mean something.
    expect(few).toBeGreaterThan(20);
    expect(many).toBeGreaterThan(20);
  });

  it('when a page past the last is asked, then it is empty, with the total and no next page', async () => {
    const tenant = ITEM_TENANTS[0] as Tenant;
    const query: ItemListQuery = { page: 500, itemsPerPage: 25, status: ['item_in_quarantine'] };
    const page = await queries.listItems(operator(tenant), query);
    expect(page.items).toEqual([]);
    expect(page.totalItems).toBe(expectedPage(operator(tenant), query).total);
    expect(page.hasNextPage).toBe(false);
  });

  it('when each index the plan may name is asked for in a query plan, then SQLite reads by it', () => {
    const filter = { $and: [{ accountId: ITEM_TENANTS[0]!.accountId }, { status: { $in: ['item_completed'] } }, { receivedAt: { $lte: NOW } }] };
    for (const index of ITEM_LIST_INDEXES) {
      const [path, direction] = index.fields[1]!;
      const plan = store.explain(WAREHOUSE_COLLECTIONS.items, filter, { sort: [[path, direction]], limit: 26, hint: index.name }).join('\n');
      expect(plan).toContain(`INDEX ${WAREHOUSE_COLLECTIONS.items}__${index.name}`);
    }
  });
});

describe('The plan', () => {
  const shape = (narrowed: Record<string, number> = {}, overrides: Partial<ItemListShape> = {}): ItemListShape => ({
    tenantScoped: true,
    narrowedBy: new Map(Object.entries(narrowed)),
    receivedRange: false,
    uncovered: false,
    ...overrides,
  });
  const cases: Array<[string, ItemListShape, number | null, SortSpec, string | undefined]> = [
    ['many matches, default order: the reception index', shape(), 10_001, [['receivedAt', -1]], 'list_by_received'],
    ['one status, in reception order, however many match: the status index holds the page in order', shape({ status: 1 }), 10_001, [['receivedAt', 1]], 'list_of_status'],
    ['two statuses, in reception order, many matches: the reception index (the status index would sort them all)', shape({ status: 2 }), 10_001, [['receivedAt', -1]], 'list_by_received'],
    ['many matches of a status, sorted by update: the update index, the status read on its entries', shape({ status: 1 }), 2_001, [['updatedAt', 1]], 'list_by_updated'],
    ['few matches of a status, sorted by update: the status index, then a sort', shape({ status: 1 }), SORT_MATCHES_UP_TO, [['updatedAt', 1]], 'list_of_status'],
    ['few matches of a stock and a status: their index together', shape({ status: 1, stockId: 1 }), 12, [['updatedAt', -1]], 'list_of_status_stock'],
    ['few matches of a stock alone: the stock index', shape({ stockId: 2 }), 12, [['updatedAt', -1]], 'list_of_stock'],
    ['one status and two stocks, in reception order: the status index, in order, the stocks read on its entries', shape({ status: 1, stockId: 2 }), 10_001, [['receivedAt', -1]], 'list_of_status'],
    ['one status and one stock, in reception order: their index, in order', shape({ status: 1, stockId: 1 }), 10_001, [['receivedAt', -1]], 'list_of_status_stock'],
    ['few matches of a product among statuses: the product index', shape({ status: 3, 'product.productId': 1 }), 40, [['product.label', 1]], 'list_of_product'],
    ['few matches of a category: the category index', shape({ 'product.categoryId': 4 }), 40, [['status', 1]], 'list_of_category'],
    ['few matches in an age range, no narrowing filter: the reception index', shape({}, { receivedRange: true }), 300, [['identificationNumber', 1]], 'list_by_received'],
    ['few matches of a brand alone: the order’s index (no brand index)', shape(), 300, [['purchasePrice.amountInCents', -1]], 'list_by_purchase_price'],
    ['not counted (partial): the order’s index', shape({ status: 2 }), null, [['statusSince', -1]], 'list_by_status_since'],
    ['two sort keys: no index serves them, the store chooses', shape(), 10_001, [['status', 1], ['updatedAt', -1]], undefined],
    ['a code, an IMEI or a buyback: their own index, the store chooses', shape({}, { uncovered: true }), 1, [['receivedAt', -1]], undefined],
    ['platform staff (no tenant): the store chooses', shape({}, { tenantScoped: false }), 10_001, [['receivedAt', -1]], undefined],
  ];
  it.each(cases)('%s', (_name, given, matches, order, index) => {
    expect(itemListIndex(given, matches, order)).toBe(index);
  });

  const counts: Array<[string, ItemListShape, string | undefined]> = [
    ['a status: counted on the status index', shape({ status: 2 }), 'list_of_status'],
    ['a product and a stock: on the product index', shape({ stockId: 1, 'product.productId': 1 }), 'list_of_product'],
    ['a status and two stocks: on their index together', shape({ stockId: 2, status: 1 }), 'list_of_status_stock'],
    ['a brand alone: on the reception index, whose order has nothing to do with brands', shape(), 'list_by_received'],
    ['a code: the store chooses', shape({}, { uncovered: true }), undefined],
  ];
  it.each(counts)('counting %s', (_name, given, index) => {
    expect(itemCountIndex(given)).toBe(index);
  });

  it('names only indexes the items projection declares', () => {
    const declared = new Set(itemsProjection.indexes.map((index) => index.name));
    for (const [, given, matches, order, index] of cases) if (index) expect(declared.has(itemListIndex(given, matches, order)!)).toBe(true);
    for (const [, given, index] of counts) if (index) expect(declared.has(itemCountIndex(given)!)).toBe(true);
  });
});
