import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../application/ports/clock.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { statisticsProjection } from '../../projections/settings/statistics-projection.js';
import { STATISTICS_COLLECTION } from '../../application/settings/statistics/read-models.js';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { createStoreBuyback, expectOk, receivedBuyback } from '../support/api-helpers.js';
import { creationBody, customer, PARIS } from '../support/buyback-fixtures.js';

/** A clock the test moves: the statistics bucket events by the week of their time. */
class MovableClock implements Clock {
  constructor(private at: string) {}
  now(): string {
    return this.at;
  }
  set(at: string): void {
    this.at = at;
  }
}

const LYON = DEMO_IDS.stores.lyon;
/** Paid by transfer once completed: a buyback paid at registration (a voucher) cannot be cancelled simply. */
const BANK = { paymentType: 'bank_transfer' };
const clock = new MovableClock('2026-11-03T10:00:00.000Z');
let t: TestPlatform;
let root: ApiClient;
let parisManager: ApiClient;
let lyonManager: ApiClient;
let admin: ApiClient;
let completedBuybackId = '';
let lateCancel = '';

/** Registers a cart of one device in the Paris store, kept for later; checked out when asked. */
async function keptCart(seller: ApiClient, checkOut: boolean) {
  const { customer: _customer, ...device } = await creationBody(seller);
  const cart = await expectOk(seller.post('/carts', { storeId: PARIS, buybacks: [device] }), 201);
  if (checkOut) await expectOk(seller.post(`/carts/${cart.cartId}/checkout`, { customer: customer() }));
}

beforeAll(async () => {
  t = await startTestPlatform({}, { clock });
  // Sessions expire with the clock: each step signs in at its own time.
  const as = (email: string, module: string) => t.login(email, module);
  // Given, in week 2026-W45, one Paris buyback
  await createStoreBuyback(await as('seller@demo.test', 'tim'), PARIS, BANK);
  // and in week 2026-W46: a Paris buyback completed a day after its creation, another cancelled, a Lyon buyback,
  // and two carts kept in Paris, one of them checked out (a fourth buyback)
  clock.set('2026-11-10T09:00:00.000Z');
  const seller = await as('seller@demo.test', 'tim');
  const completed = await receivedBuyback(seller, await as('warehouse@demo.test', 'rps'), PARIS, BANK);
  completedBuybackId = completed.id;
  clock.set('2026-11-11T09:00:00.000Z');
  await expectOk((await as('warehouse@demo.test', 'rps')).post(`/buybacks/${completed.id}/complete`, {}));
  const paris = await as('seller@demo.test', 'tim');
  const cancelled = await createStoreBuyback(paris, PARIS, BANK);
  await expectOk((await as('manager@demo.test', 'tim')).post(`/buybacks/${cancelled.id}/cancel`, { reason: 'customer_retractation', comment: 'Rétractation' }));
  lateCancel = (await createStoreBuyback(await as('lyon-seller@demo.test', 'tim'), LYON, BANK)).id;
  await keptCart(paris, true);
  await keptCart(paris, false);
  // and in the current week (2026-W47), the Lyon buyback cancelled: its item moves after the week asked
  clock.set('2026-11-17T08:00:00.000Z');
  await expectOk((await as('lyon-manager@demo.test', 'tim')).post(`/buybacks/${lateCancel}/cancel`, { reason: 'other', comment: 'Doublon' }));
  root = await as('retailer@demo.test', 'root');
  parisManager = await as('manager@demo.test', 'tim');
  lyonManager = await as('lyon-manager@demo.test', 'tim');
  admin = await t.login('admin@demo.test');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const itemCount = (rows: Array<{ status: string; count: number }>, status: string) => rows.find((row) => row.status === status)?.count ?? 0;
const total = (rows: Array<{ count: number }>) => rows.reduce((sum, row) => sum + row.count, 0);

describe('GET /dashboard-data: last week’s figures and the week before', () => {
  it('a root user sees the account’s last full week (W46 on Tuesday of W47) and W45 for comparison', async () => {
    const data = await expectOk(root.get('/dashboard-data'));
    expect(data.scope).toBe('account');
    expect(data.currency).toBe('EUR');
    expect(data.week).toMatchObject({ week: '2026-W46', from: '2026-11-09T00:00:00.000Z', to: '2026-11-15T23:59:59.999Z', created: 4, completed: 1, cancelled: 1 });
    expect(data.previousWeek).toMatchObject({ week: '2026-W45', created: 1, completed: 0, cancelled: 0 });
    expect(data.week.byChannel).toEqual([
      { channel: 'store', created: 4, completed: 1, cancelled: 1 },
      { channel: 'web', created: 0, completed: 0, cancelled: 0 },
    ]);
    const paris = data.week.byStore.top.find((row: { id: string }) => row.id === PARIS);
    expect(paris).toMatchObject({ name: expect.stringContaining('Paris'), created: 3, completed: 1, cancelled: 1 });
    expect(data.week.byStore.top.find((row: { id: string }) => row.id === LYON)).toMatchObject({ created: 1, cancelled: 0 });
    expect(data.week.byCategory.top).toEqual([expect.objectContaining({ id: DEMO_IDS.categories.appleIphone, name: expect.any(String), created: 4 })]);
    expect(data.week.conversion).toEqual({ estimates: 2, converted: 1, rate: 0.5 });
  });

  it('reads the time from creation to completion from the week’s histogram (24 h, within 5 %)', async () => {
    const { week } = await expectOk(root.get('/dashboard-data'));
    expect(week.completionTime.count).toBe(1);
    expect(Math.abs(week.completionTime.medianMinutes - 1440)).toBeLessThanOrEqual(72);
    expect(week.completionTime.p90Minutes).toBe(week.completionTime.medianMinutes);
  });

  it('sums the amount of the completed buyback’s payment, in integer cents', async () => {
    const events = await t.platform.eventStore.readAll({ after: 0, maxCount: 100_000 });
    const payment = events.find((e) => e.type.startsWith('PaymentCreated') && (e.data as { buybackId: string }).buybackId === completedBuybackId);
    const amount = (payment?.data as { amount: { amountInCents: number } }).amount.amountInCents;
    expect(amount).toBeGreaterThan(0);
    const { week } = await expectOk(root.get('/dashboard-data'));
    expect(week.paid).toEqual([{ currency: 'EUR', count: 1, totalInCents: amount, averageInCents: amount }]);
  });

  it('gives the items in each status at each week’s end, and now: a move after the week does not change it', async () => {
    const data = await expectOk(root.get('/dashboard-data'));
    expect(total(data.previousWeek.items)).toBe(1);
    expect(total(data.week.items)).toBe(5);
    expect(itemCount(data.week.items, 'item_completed')).toBe(1);
    expect(itemCount(data.week.items, 'item_cancelled')).toBe(1);
    // The Lyon buyback cancelled this week: cancelled now, not at the end of W46.
    expect(itemCount(data.itemsNow, 'item_cancelled')).toBe(2);
    expect(total(data.itemsNow)).toBe(5);
  });
});

describe('scoped to what the user may see', () => {
  it('a store manager sees their store’s figures only', async () => {
    const paris = await expectOk(parisManager.get('/dashboard-data'));
    expect(paris.scope).toBe('store');
    expect(paris.week).toMatchObject({ created: 3, completed: 1, cancelled: 1 });
    expect(paris.week.byStore.top.map((row: { id: string }) => row.id)).toEqual([PARIS]);
    const lyon = await expectOk(lyonManager.get('/dashboard-data'));
    expect(lyon.week).toMatchObject({ created: 1, completed: 0, cancelled: 0 });
    expect(lyon.week.conversion.estimates).toBe(0);
  });

  it('the warehouse sees the buybacks sent to it', async () => {
    const data = await expectOk((await t.login('warehouse-manager@demo.test', 'rps')).get('/dashboard-data'));
    expect(data.scope).toBe('warehouse');
    expect(data.week.completed).toBe(1);
  });

  it('another retailer sees none of it (tenancy)', async () => {
    const other = await expectOk((await t.login('seller@other.test', 'tim')).get('/dashboard-data'));
    expect(other.accountId).toBe(DEMO_IDS.accounts.other);
    expect(other.week).toMatchObject({ created: 0, completed: 0, cancelled: 0 });
    expect(other.week.byStore.top).toEqual([]);
    const asked = await expectOk(admin.get(`/dashboard-data?accountId=${DEMO_IDS.accounts.other}`));
    expect(asked.week.created).toBe(0);
  });

  it('provider staff name the account and may ask another week; others may not', async () => {
    const refused = await admin.get('/dashboard-data');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('ACCOUNT_REQUIRED');
    const w45 = await expectOk(admin.get(`/dashboard-data?accountId=${DEMO_IDS.accounts.demo}&week=2026-W45`));
    expect(w45.week).toMatchObject({ week: '2026-W45', created: 1 });
    expect(w45.previousWeek).toMatchObject({ week: '2026-W44', created: 0 });
    expect(total(w45.week.items)).toBe(1);

    const current = await admin.get(`/dashboard-data?accountId=${DEMO_IDS.accounts.demo}&week=2026-W47`, { 'Accept-Language': 'en-GB' });
    expect(current.status).toBe(400);
    expect(current.body.code).toBe('DASHBOARD_WEEK_OUT_OF_RANGE');
    expect(current.body.message).toContain('2026-W47');
    expect((await admin.get(`/dashboard-data?accountId=${DEMO_IDS.accounts.demo}&week=2025-W53`)).body.code).toBe('DASHBOARD_WEEK_OUT_OF_RANGE');
    expect((await admin.get(`/dashboard-data?accountId=${DEMO_IDS.accounts.demo}&week=soon`)).status).toBe(400);
    const notStaff = await parisManager.get('/dashboard-data?week=2026-W45');
    expect(notStaff.status).toBe(403);
    expect(notStaff.body.code).toBe('DASHBOARD_WEEK_NOT_ALLOWED');
  });
});

describe('computed by a projection from the events', () => {
  it('a rebuild gives the same documents and the same figures', async () => {
    const collection = t.platform.documents.collection(STATISTICS_COLLECTION);
    const byId = <D extends { _id: string }>(docs: D[]) => [...docs].sort((a, b) => a._id.localeCompare(b._id));
    const before = byId(await collection.find({}));
    const figures = await expectOk(root.get('/dashboard-data'));
    expect(before.filter((d) => d.kind === 'week').length).toBeGreaterThan(0);
    await t.platform.runner.rebuild(statisticsProjection.name);
    expect(byId(await collection.find({}))).toEqual(before);
    expect({ ...(await expectOk(root.get('/dashboard-data'))), at: figures.at }).toEqual(figures);
  });
});
