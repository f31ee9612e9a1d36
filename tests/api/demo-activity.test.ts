import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { expectOk } from '../support/api-helpers.js';

/** The demo's activity on first start: every screen of the warehouse has something to show. */
let platform: TestPlatform;
let manager: ApiClient;

beforeAll(async () => {
  platform = await startTestPlatform({ seedDemoActivity: true });
  manager = await platform.login('warehouse-manager@demo.test', 'rps');
}, 120_000);

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

  it('then no process manager is behind or found the buyback and its item disagreeing', async () => {
    const admin = await platform.login('admin@demo.test');
    const health = await expectOk(admin.get('/health'));
    expect(health.processManagers).toEqual([
      expect.objectContaining({ name: 'dispute-mail', lag: 0, conflicts: 0 }),
      expect.objectContaining({ name: 'buyback-item', lag: 0, conflicts: 0 }),
      expect.objectContaining({ name: 'logistics', lag: 0, conflicts: 0 }),
    ]);
  });
});
