import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsOf } from '../support/assembly.js';
import type { Principal } from '../../application/organizations/principal.js';
import { BUYBACK_DEFAULT_ORDER, BuybackQueries, COUNT_LIMIT, listFilter, type BuybackListQuery } from '../../application/buybacks/buyback-queries.js';
import { after, UNPAGED_LIMIT, withIdTiebreak } from '../../application/lists/paged-query.js';
import type { UserType } from '../../domain/organizations/events.js';
import { SqliteDocumentStore } from '../../infrastructure/document-store/sqlite-document-store.js';
import { buybacksProjection } from '../../projections/buybacks/list-projection.js';
import { BUYBACKS_COLLECTION } from '../../application/buybacks/read-models.js';
import { documentFactory, type Tenant } from '../../bench/buyback-data.js';
import { seededRandom } from '../../bench/support.js';

/**
 * The list's cost on a large collection rests on two things this file pins:
 * totals are counted exactly only up to COUNT_LIMIT, and every common filter
 * shape is answered by an index seek (no sort of the matches, counts from the
 * index alone). Its export reads every row past that limit, in batches that
 * seek the same indexes.
 */
const TOTAL = COUNT_LIMIT + 600;
let store: SqliteDocumentStore;
let tenant: Tenant;
let queries: BuybackQueries;

function principal(userType: UserType, organizationId: string | null, module: Principal['module']): Principal {
  return { kind: 'user', userId: null, accountId: tenant.accountId, module, userType, organizationId, permissions: permissionsOf(userType), visibleStoreIds: null };
}
const root = () => principal('root_management_unit_manager', null, 'root');
const seller = () => principal('store_seller', tenant.stores[0] as string, 'tim');
const warehouse = () => principal('warehouse_operator', tenant.warehouseId, 'rps');
const buyer = () => principal('buyer_manager', tenant.buyerId, 'lcm');
const page = (query: Partial<BuybackListQuery> = {}): BuybackListQuery => ({ page: 1, itemsPerPage: 30, ...query });

beforeAll(async () => {
  store = new SqliteDocumentStore({ path: ':memory:' });
  const factory = documentFactory(seededRandom(7), Date.UTC(2026, 10, 1), TOTAL);
  // One tenant only, so that the whole collection is over the count limit for its root user.
  tenant = factory.tenants[0] as Tenant;
  const collection = store.collection(BUYBACKS_COLLECTION);
  await collection.ensureIndexes(buybacksProjection.indexes);
  const documents = Array.from({ length: TOTAL }, (_, i) => factory.document(i)).map((d) => ({ ...d, accountId: tenant.accountId }));
  await store.writeBatch(documents.map((document) => ({ kind: 'upsert' as const, collection: BUYBACKS_COLLECTION, document })));
  queries = new BuybackQueries(store);
});
afterAll(async () => store.close());

describe('Given more buybacks than the count limit', () => {
  it('When the root user lists them, then the total stops at the limit and says it is a lower bound', async () => {
    const answer = await queries.list(root(), page());
    expect(answer).toMatchObject({ totalItems: COUNT_LIMIT, totalItemsIsLowerBound: true, hasNextPage: true });
    expect(answer.items).toHaveLength(30);
  });

  it('When a filter leaves fewer than the limit, then the total is exact', async () => {
    const cancelled = await queries.list(root(), page({ status: ['bb_cancelled'], itemsPerPage: 100 }));
    const all = await store.collection(BUYBACKS_COLLECTION).find({ accountId: tenant.accountId, status: 'bb_cancelled' });
    expect(all.length).toBeGreaterThan(0);
    expect(cancelled).toMatchObject({ totalItems: all.length, totalItemsIsLowerBound: false });
  });

  it('When paging, then pages are disjoint, sorted newest first, and the last one has no next page', async () => {
    const query = { status: ['bb_cancelled'], itemsPerPage: 20 };
    const first = await queries.list(root(), page({ ...query, page: 1 }));
    const second = await queries.list(root(), page({ ...query, page: 2 }));
    const dates = [...first.items, ...second.items].map((b) => b.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set([...first.items, ...second.items].map((b) => b._id)).size).toBe(first.items.length + second.items.length);
    const lastPage = Math.ceil((first.totalItems as number) / 20);
    expect((await queries.list(root(), page({ ...query, page: lastPage }))).hasNextPage).toBe(false);
  });

  it('When partial pagination is asked, then nothing is counted', async () => {
    const answer = await queries.list(root(), page({ partial: true }));
    expect(answer).toMatchObject({ totalItems: null, totalItemsIsLowerBound: false, hasNextPage: true });
  });

  it('When the whole list is asked unpaged, then it is refused past the unpaged limit, and answered whole below it', async () => {
    await expect(queries.list(root(), page({ pagination: false }))).rejects.toMatchObject({ code: 'LIST_TOO_LONG', details: { limit: UNPAGED_LIMIT } });
    const all = await store.collection(BUYBACKS_COLLECTION).find({ accountId: tenant.accountId, status: 'bb_cancelled', channel: 'web' });
    expect(all.length).toBeGreaterThan(0);
    expect(all.length).toBeLessThanOrEqual(UNPAGED_LIMIT);
    const unpaged = await queries.list(root(), page({ status: ['bb_cancelled'], channel: 'web', pagination: false }));
    expect(unpaged).toMatchObject({ totalItems: all.length, totalItemsIsLowerBound: false, hasNextPage: false, page: 1 });
    expect(unpaged.items.map((b) => b._id).sort()).toEqual(all.map((b) => b._id).sort());
  });

  it('When every row is read for an export, then each comes exactly once, in the list order, past the count limit', async () => {
    const ids: string[] = [];
    const dates: string[] = [];
    for await (const buyback of queries.all(root(), {})) {
      ids.push(buyback._id);
      dates.push(buyback.createdAt);
    }
    expect(ids).toHaveLength(TOTAL);
    expect(new Set(ids).size).toBe(TOTAL);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('When the export is sorted by a column that may be null, then the nulls come where the page puts them, and every row once', async () => {
    // Forgotten customers have no customerSearch.
    const forgotten = (await store.collection(BUYBACKS_COLLECTION).find({ accountId: tenant.accountId, status: 'bb_cancelled' })).slice(0, 40);
    for (const document of forgotten) await store.collection(BUYBACKS_COLLECTION).upsert({ ...document, customerSearch: null });
    for (const direction of [1, -1] as const) {
      const query = { status: ['bb_cancelled', 'bb_completed'], order: [['customerSearch', direction]] as Array<[string, 1 | -1]> };
      const streamed: Array<string | null> = [];
      for await (const buyback of queries.all(root(), query)) streamed.push(buyback.customerSearch);
      const expected = await queries.list(root(), page({ ...query, itemsPerPage: 100 }));
      expect(streamed.length).toBe(expected.totalItems);
      expect(streamed.slice(0, 100)).toEqual(expected.items.map((b) => b.customerSearch));
      expect(streamed.filter((name) => name === null)).toHaveLength(40);
      expect(direction === 1 ? streamed.slice(0, 40) : streamed.slice(-40)).toEqual(Array(40).fill(null));
    }
  });
});

describe('Given the list indexes', () => {
  const shapes: Array<[string, () => Principal, Shape]> = [];
  type Shape = { status?: string[]; channel?: string; store: boolean; buyer?: boolean };
  for (const [who, caller] of [['root', root], ['seller', seller], ['warehouse', warehouse], ['buyer', buyer]] as const) {
    const receivesBothChannels = who === 'warehouse' || who === 'buyer';
    for (const status of [undefined, ['bb_in_transit']]) {
      for (const channel of receivesBothChannels ? [undefined] : [undefined, 'web']) {
        for (const store of who === 'root' ? [false, true] : [false]) {
          const label = [who, status && 'status', channel && 'channel', store && 'store'].filter(Boolean).join('+');
          shapes.push([label, caller, { status, channel, store }]);
        }
      }
    }
  }
  // The buyer filter of the users who see several buyers' buybacks.
  shapes.push(['root+buyer', root, { store: false, buyer: true }], ['root+status+buyer', root, { status: ['bb_in_transit'], store: false, buyer: true }]);

  const filterOf = (caller: () => Principal, shape: Shape) =>
    listFilter(caller(), {
      status: shape.status,
      channel: shape.channel,
      storeId: shape.store ? [tenant.stores[1] as string] : undefined,
      buyerId: shape.buyer ? tenant.buyerId : undefined,
    });

  it.each(shapes)('When %s lists, then the page is an index seek in date order and the count reads the index only', (_label, caller, shape) => {
    const filter = filterOf(caller, shape);
    const find = store.explain(BUYBACKS_COLLECTION, filter, { sort: [['createdAt', -1]], limit: 31 }).join('; ');
    const count = store.explain(BUYBACKS_COLLECTION, filter, { count: true, countLimit: COUNT_LIMIT + 1 }).join('; ');
    expect(find).toMatch(/SEARCH buybacks USING INDEX/);
    expect(find).not.toMatch(/TEMP B-TREE/);
    expect(count).toMatch(/USING COVERING INDEX/);
  });

  it.each(shapes)('When %s exports, then each batch after the first seeks the index from the last row read, in date order', (_label, caller, shape) => {
    const filter = filterOf(caller, shape);
    const sort = withIdTiebreak(BUYBACK_DEFAULT_ORDER);
    // The plan depends on the filter's shape, not on the last row's values.
    const last = { _id: '7f4c1a52-0b1e-4c4e-9d55-5a1f0a3b2c10', createdAt: '2026-06-01T12:00:00.000Z' };
    const batch = { $and: [filter, after(sort, last, new Set())] };
    const plan = store.explain(BUYBACKS_COLLECTION, batch, { sort, limit: 500 }).join('; ');
    expect(plan).toMatch(/SEARCH buybacks USING INDEX \S+ \(.*<expr><\?\)$/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });
});
