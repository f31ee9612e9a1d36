import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { principalOf } from '../support/assembly.js';
import type { Principal } from '../../application/organizations/principal.js';
import { BUYBACKS_COLLECTION, type BuybackDocument } from '../../application/buybacks/read-models.js';
import { PAYMENT_COLLECTIONS, type PaymentDocument } from '../../application/payments/read-models.js';
import { PaymentQueries, type PaymentListQuery } from '../../application/payments/payment-queries.js';
import { paymentSearchPlan, SORT_MATCHES_UP_TO } from '../../application/payments/payment-search-plan.js';
import { PAYMENT_STATUSES, PAYMENT_TYPES } from '../../domain/payments/state.js';
import { SqliteDocumentStore } from '../../infrastructure/document-store/sqlite-document-store.js';
import { buybacksProjection } from '../../projections/buybacks/list-projection.js';
import { paymentsProjection } from '../../projections/payments/payments-projection.js';
import { documentFactory, type Tenant } from '../../bench/buyback-data.js';
import { paymentOf } from '../../bench/payment-data.js';
import { pick, seededRandom } from '../../bench/support.js';

/**
 * The payment search reads each page by the index its plan names for the
 * count (payment-search-plan.ts): the filter's when it holds the page in
 * order or few match, the tenant's creation order otherwise. Whichever it
 * reads by, the page must be the one the filter defines; this file checks it
 * against the documents themselves, filtered and sorted in memory, on both
 * sides of the line, for the tenant's root manager and its buyer's manager.
 */
const TOTAL = 6_000;
let store: SqliteDocumentStore;
let payments: PaymentDocument[];
let buybacks: Map<string, BuybackDocument>;
let tenants: Tenant[];
let queries: PaymentQueries;

beforeAll(async () => {
  store = new SqliteDocumentStore({ path: ':memory:' });
  const factory = documentFactory(seededRandom(41), Date.parse('2026-10-31T18:00:00Z'), TOTAL);
  const random = seededRandom(42);
  tenants = factory.tenants;
  const buybackDocuments = Array.from({ length: TOTAL }, (_, i) => factory.document(i));
  buybacks = new Map(buybackDocuments.map((buyback) => [buyback._id, buyback]));
  payments = buybackDocuments.map((buyback) => paymentOf(buyback, random));
  await store.collection(BUYBACKS_COLLECTION).ensureIndexes(buybacksProjection.indexes);
  await store.collection(PAYMENT_COLLECTIONS.payments).ensureIndexes(paymentsProjection.indexes);
  await store.writeBatch([
    ...buybackDocuments.map((document) => ({ kind: 'upsert' as const, collection: BUYBACKS_COLLECTION, document })),
    ...payments.map((document) => ({ kind: 'upsert' as const, collection: PAYMENT_COLLECTIONS.payments, document })),
  ]);
  queries = new PaymentQueries(store);
});
afterAll(async () => store.close());

const root = (tenant: Tenant) => principalOf('root_management_unit_manager', tenant.accountId, null, 'root');
const buyerManager = (tenant: Tenant) => principalOf('buyer_manager', tenant.accountId, tenant.buyerId, 'lcm');

/** The page the filter defines: the caller's payments that match, newest first (ties by id), the page's slice. */
function expected(principal: Principal, query: PaymentListQuery): { ids: string[]; total: number } {
  const matches = payments
    .filter((p) => p.accountId === principal.accountId && (principal.userType !== 'buyer_manager' || p.buyerId === principal.organizationId))
    .filter((p) => !query.status?.length || query.status.includes(p.status))
    .filter((p) => !query.type?.length || query.type.includes(p.type))
    .filter((p) => !query.identificationNumber || p.identificationNumber.startsWith(query.identificationNumber))
    .filter((p) => query.amountFrom === undefined || p.amountInCents >= query.amountFrom)
    .filter((p) => query.amountTo === undefined || p.amountInCents <= query.amountTo)
    .filter((p) => !query.createdFrom || p.createdAt >= query.createdFrom)
    .filter((p) => {
      const buyback = buybacks.get(p.buybackId);
      return !query.customerName || (buyback?.customerSearch ?? '').includes(query.customerName.toLowerCase());
    })
    .sort((a, b) => (a.createdAt === b.createdAt ? (a._id < b._id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1));
  const start = (query.page - 1) * query.itemsPerPage;
  return { ids: matches.slice(start, start + query.itemsPerPage).map((p) => p._id), total: matches.length };
}

describe('the payment search, whichever index reads its page', () => {
  it('finds exactly the page the filter defines, for few matches and for many', async () => {
    const random = seededRandom(43);
    const demo = tenants[0] as Tenant;
    let few = 0;
    let many = 0;
    for (let i = 0; i < 120; i++) {
      const principal = random() < 0.7 ? root(demo) : buyerManager(demo);
      const query: PaymentListQuery = { page: 1 + Math.floor(random() * 3), itemsPerPage: 20 };
      const shape = i % 6;
      if (shape === 0) query.status = [pick(random, PAYMENT_STATUSES)];
      if (shape === 1) query.status = [pick(random, PAYMENT_STATUSES), pick(random, PAYMENT_STATUSES)];
      if (shape === 2) {
        query.amountFrom = Math.floor(random() * 50_000);
        query.amountTo = query.amountFrom + Math.floor(random() * 30_000);
      }
      if (shape === 3) query.identificationNumber = pick(random, payments).identificationNumber.slice(0, 8 + Math.floor(random() * 6));
      if (shape === 4) query.type = [pick(random, PAYMENT_TYPES)];
      if (shape === 5) query.createdFrom = new Date(Date.parse('2025-01-01T00:00:00Z') + random() * 600 * 86_400_000).toISOString();
      const want = expected(principal, query);
      const page = await queries.list(principal, query);
      expect(page.items.map((row) => row.id), JSON.stringify(query)).toEqual(want.ids);
      expect(page.totalItems, JSON.stringify(query)).toBe(want.total);
      if (want.total <= SORT_MATCHES_UP_TO) few++;
      else many++;
    }
    // Both sides of the plan's line were read.
    expect(few).toBeGreaterThan(20);
    expect(many).toBeGreaterThan(20);
  });

  it('finds a customer’s payments by part of their name, each row naming them', async () => {
    const demo = tenants[0] as Tenant;
    const name = 'durand';
    const page = await queries.list(root(demo), { page: 1, itemsPerPage: 50, customerName: 'DURAND' });
    const want = expected(root(demo), { page: 1, itemsPerPage: 50, customerName: name });
    expect(page.items.map((row) => row.id)).toEqual(want.ids);
    for (const row of page.items) expect(row.customerName?.toLowerCase()).toContain(name);
  });

  it('tells the plan what narrows the search: one status is read in order by its index, a narrow range by its index once counted', () => {
    const one = paymentSearchPlan({ tenantScoped: true, narrowedBy: new Map([['status', 1]]) });
    expect(one.countIndex).toBe('search_of_status');
    expect(one.index?.(50_000, [['createdAt', -1]])).toBe('search_of_status');
    const amount = paymentSearchPlan({ tenantScoped: true, narrowedBy: new Map([['amountKey', Number.POSITIVE_INFINITY]]) });
    expect(amount.countIndex).toBe('search_of_amount');
    expect(amount.index?.(SORT_MATCHES_UP_TO, [['createdAt', -1]])).toBe('search_of_amount');
    expect(amount.index?.(SORT_MATCHES_UP_TO + 1, [['createdAt', -1]])).toBe('search_by_created');
    expect(amount.index?.(10, [['amountInCents', 1]])).toBeUndefined();
    const buyerStatus = paymentSearchPlan({ tenantScoped: true, narrowedBy: new Map([['buyerId', 1], ['status', 2]]) });
    expect(buyerStatus.countIndex).toBe('search_of_buyer_status');
    expect(paymentSearchPlan({ tenantScoped: false, narrowedBy: new Map() })).toEqual({});
  });
});
