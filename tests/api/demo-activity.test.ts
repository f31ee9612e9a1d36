import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { expectOk } from '../support/api-helpers.js';
import { isoWeekOf, weekStartMs } from '../../domain/settings/statistics/iso-week.js';

/** The demo's activity on first start: every screen of the warehouse has something to show. */
let platform: TestPlatform;
let manager: ApiClient;

beforeAll(async () => {
  platform = await startTestPlatform({ seedDemoActivity: true });
  manager = await platform.login('warehouse-manager@demo.test', 'rps');
  // The demo's activity runs every part's (the statistics' eight weeks too): minutes on a loaded machine.
}, 300_000);

afterAll(async () => {
  await platform?.close();
});

describe('Given the demo activity written on first start', () => {
  it('then the demo warehouse holds items in every status the warehouse reaches', async () => {
    const page = await expectOk(manager.get('/items?itemsPerPage=100'));
    const statuses = new Set(page.items.map((item: { status: string }) => item.status));
    for (const status of [
      'item_awaiting_inventory',
      'item_in_transit',
      'item_registered_in_warehouse',
      'item_awaiting_compliancy_tests',
      'item_completed',
      'item_in_quarantine',
      'item_to_reintegrate_to_stock',
      'item_to_return',
      'item_returned',
      'item_cancelled',
      'item_lost_store',
      'item_lost_transport',
      'item_lost_warehouse',
    ]) {
      expect(statuses, status).toContain(status);
    }
  });

  it("then the Paris store's packages stand at every stage of the expedition, and the carrier's reports reached their buybacks", async () => {
    const seller = await platform.login('seller@demo.test');
    const packages = await expectOk(seller.get('/packages?itemsPerPage=50'));
    const statuses = packages.items.map((pkg: { status: string }) => pkg.status);
    for (const status of ['open', 'closed', 'handed_to_carrier', 'delivered']) expect(statuses, status).toContain(status);
    const delivered = await expectOk(seller.get('/buybacks?deliveryStatus[]=DELIVERED_OK&itemsPerPage=50'));
    expect(delivered.items).toHaveLength(2);
    expect(delivered.items.every((b: { tracking: { carrier: string | null } }) => b.tracking.carrier)).toBe(true);
    const onTheirWay = await expectOk(seller.get('/buybacks?deliveryStatus[]=IN_PROGRESS&itemsPerPage=50'));
    expect(onTheirWay.items).toHaveLength(3);
  });

  it('then the warehouse floor has work at scanner speed: ten devices or more to shelve, and a package of several devices on its way to the demo warehouse', async () => {
    const toShelve = await expectOk(manager.get('/items?status[]=item_registered_in_warehouse&itemsPerPage=50'));
    expect(toShelve.items.length).toBeGreaterThanOrEqual(10);
    const operator = await platform.login('warehouse@demo.test', 'rps');
    const bound = await expectOk(operator.get('/packages?status[]=handed_to_carrier&status[]=delivered&itemsPerPage=50'));
    const parcel = bound.items.find((pkg: { buybackCount: number }) => pkg.buybackCount >= 2);
    expect(parcel, JSON.stringify(bound.items)).toBeDefined();
    const checkedIn = await expectOk(operator.post('/warehouse/package-check-ins', { number: parcel.number }));
    expect(checkedIn.checkedIn).toBe(parcel.buybackCount);
  });

  it('then no process manager is behind or found the buyback and its item disagreeing', async () => {
    const admin = await platform.login('admin@demo.test');
    const health = await expectOk(admin.get('/health'));
    expect(health.processManagers).toEqual([
      expect.objectContaining({ name: 'dispute-mail', lag: 0, conflicts: 0 }),
      expect.objectContaining({ name: 'buyback-item', lag: 0, conflicts: 0 }),
      expect.objectContaining({ name: 'logistics', lag: 0, conflicts: 0 }),
      expect.objectContaining({ name: 'buyback-payment', lag: 0, conflicts: 0 }),
    ]);
  });

  it('then the payments show every status the screens reach, and a SEPA file can be downloaded at once', async () => {
    const retailer = await platform.login('retailer@demo.test', 'root');
    const payments = await expectOk(retailer.get('/payments?itemsPerPage=100'));
    const statuses = new Set(payments.items.map((p: { status: string }) => p.status));
    for (const status of ['payment_created', 'payment_initiated', 'payment_completed', 'payment_failed']) expect(statuses, status).toContain(status);
    const failed = payments.items.find((p: { status: string }) => p.status === 'payment_failed');
    expect(failed.failure).toMatchObject({ reasonCode: 'AC04' });
    const voucher = payments.items.find((p: { type: string }) => p.type === 'voucher');
    expect(voucher).toMatchObject({ status: 'payment_completed' });
    const files = await expectOk(retailer.get('/payments/transfer-files?itemsPerPage=10'));
    expect(files.items.length).toBeGreaterThanOrEqual(2);
    const ready = files.items.find((f: { status: string }) => f.status === 'ready');
    expect(ready, JSON.stringify(files.items)).toBeDefined();
    const xml = await retailer.get(`/payments/transfer-files/${ready.id}`);
    expect(xml.status).toBe(200);
    expect(String(xml.body)).toContain('<CstmrCdtTrfInitn>');
  });

  it('then the workshop has a diagnosis left open, answered in part, and finalized ones whose steps are planned', async () => {
    const operator = await platform.login('warehouse@demo.test', 'rps');
    const diagnosing = await expectOk(operator.get('/items?status[]=item_refurb_diagnostic_in_progress&itemsPerPage=50'));
    const refurbishing = await expectOk(operator.get('/items?status[]=item_refurb_in_progress&status[]=item_refurb_completed&itemsPerPage=50'));
    expect(diagnosing.items.length).toBeGreaterThanOrEqual(1);
    expect(refurbishing.items.length).toBeGreaterThanOrEqual(2);
    const open = await expectOk(operator.get(`/items/${diagnosing.items[0].id}/refurb-diagnosis`));
    expect(open.status).toBe('open');
    expect(open.answers.length).toBeGreaterThan(0);
    expect(open.unansweredQuestionIds.length).toBeGreaterThan(0);
    const finalized = await Promise.all(refurbishing.items.map((item: { id: string }) => expectOk(operator.get(`/items/${item.id}/refurb-diagnosis`))));
    expect(finalized.every((d: { status: string }) => d.status === 'finalized')).toBe(true);
    expect(finalized.some((d: { plannedSteps: unknown[] }) => d.plannedSteps.length > 0)).toBe(true);
    const steps = await Promise.all(refurbishing.items.map((item: { id: string }) => expectOk(operator.get(`/items/${item.id}/refurb-steps`))));
    const statuses = new Set(steps.flatMap((answer: { steps: Array<{ status: string }> }) => answer.steps.map((step) => step.status)));
    expect([...statuses].sort()).toEqual(['cancelled', 'completed', 'in_progress', 'paused', 'to_do']);
    expect(refurbishing.items.some((item: { status: string }) => item.status === 'item_refurb_completed')).toBe(true);
  });

  it("then the dashboard's home has statistics for each of the last eight weeks, from the events", async () => {
    const root = await platform.login('retailer@demo.test', 'root');
    const lastWeek = await expectOk(root.get('/dashboard-data'));
    expect(lastWeek.week.created).toBeGreaterThan(0);
    expect(lastWeek.week.completed).toBeGreaterThan(0);
    expect(lastWeek.previousWeek.created).toBeGreaterThan(0);
    expect(lastWeek.week.conversion.estimates).toBeGreaterThan(0);
    const admin = await platform.login('admin@demo.test');
    for (let back = 1; back < 8; back++) {
      const week = isoWeekOf(weekStartMs(lastWeek.week.week) - back * 7 * 86_400_000);
      const asked = await expectOk(admin.get(`/dashboard-data?accountId=${lastWeek.accountId}&week=${week}`));
      expect(asked.week.created, week).toBeGreaterThan(0);
    }
  });

  it("then the demo retailer's root has its two connector configurations: the embedded carrier active, the bank-transfer provider inactive and failing its test", async () => {
    const root = await platform.login('retailer@demo.test', 'root');
    const page = await expectOk(root.get('/connector-organizations'));
    const byConnector = Object.fromEntries(page.items.map((c: { connectorId: string }) => [c.connectorId, c]));
    expect(byConnector['embedded-carrier']).toMatchObject({ active: true });
    expect(byConnector['http-payment-provider']).toMatchObject({ active: false });
    const tested = await expectOk(root.post(`/connector-organizations/${byConnector['http-payment-provider'].id}/test`));
    expect(tested.ok).toBe(false);
  });
});
