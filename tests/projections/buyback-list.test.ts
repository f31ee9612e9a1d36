import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsOf } from '../support/assembly.js';
import type { Principal } from '../../application/organizations/principal.js';
import { BuybackQueries, COUNT_LIMIT, listFilter, type BuybackListQuery } from '../../application/buybacks/buyback-queries.js';
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
 * index alone).
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
});

describe('Given the list indexes', () => {
  type Shape = { status?: string[]; channel?: string; store: boolean };
  const shapes: Array<[string, () => Principal, Shape]> = [];
  for (const [who, caller] of [['root', root], ['seller', seller], ['warehouse', warehouse]] as const) {
    for (const status of [undefined, ['bb_in_transit']]) {
      for (const channel of who === 'warehouse' ? [undefined] : [undefined, 'web']) {
        for (const store of who === 'root' ? [false, true] : [false]) {
          const label = [who, status && 'status', channel && 'channel', store && 'store'].filter(Boolean).join('+');
          shapes.push([label, caller, { status, channel, store }]);
        }
      }
    }
  }

  it.each(shapes)('When %s lists, then the page is an index seek in date order and the count reads the index only', (_label, caller, shape) => {
    const filter = listFilter(caller(), { status: shape.status, channel: shape.channel, storeId: shape.store ? [tenant.stores[1] as string] : undefined });
    const find = store.explain(BUYBACKS_COLLECTION, filter, { sort: [['createdAt', -1]], limit: 31 }).join('; ');
    const count = store.explain(BUYBACKS_COLLECTION, filter, { count: true, countLimit: COUNT_LIMIT + 1 }).join('; ');
    expect(find).toMatch(/SEARCH buybacks USING INDEX/);
    expect(find).not.toMatch(/TEMP B-TREE/);
    expect(count).toMatch(/USING COVERING INDEX/);
  });
});
