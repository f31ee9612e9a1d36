import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { expectOk } from '../support/api-helpers.js';
import { stockSteps } from '../support/warehouse-helpers.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';

/**
 * The account a request acts for: provider staff, bound to no tenant, name
 * it with `?accountId=` or `X-Account-Id` on any tenant-scoped route and then
 * act within it as the permission matrix lets them; anyone else may name only
 * their own (docs/security.md). Shown on the stocks (a creation and a list)
 * and on the dispatch rules, which answered ACCOUNT_REQUIRED with no way out.
 */

const DEMO_WAREHOUSE = DEMO_IDS.warehouses.demo;
const OTHER_WAREHOUSE = DEMO_IDS.warehouses.other;

let t: TestPlatform;
/** warehouse-manager@demo.test: holds stock.manage for the demo warehouse. */
let manager: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  [manager, admin] = await Promise.all([t.login('warehouse-manager@demo.test', 'rps'), t.login('admin@demo.test')]);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const { unique, createStock, stock, listed } = stockSteps(() => manager);

describe('Given the super admin, bound to no tenant, naming the account they act for', () => {
  const DEMO_ACCOUNT = DEMO_IDS.accounts.demo;
  const OTHER_ACCOUNT = DEMO_IDS.accounts.other;

  it('When they create a stock with X-Account-Id, then it is created in that account’s warehouse; another account’s warehouse is not found', async () => {
    const name = unique('Pour le compte');
    const created = await admin.post('/stocks', { name, warehouseId: DEMO_WAREHOUSE }, { 'X-Account-Id': DEMO_ACCOUNT });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await stock(created.body.id, admin)).toMatchObject({ name, warehouseId: DEMO_WAREHOUSE, accountId: DEMO_ACCOUNT });
    const elsewhere = await admin.post('/stocks', { name: unique('Ailleurs'), warehouseId: OTHER_WAREHOUSE }, { 'X-Account-Id': DEMO_ACCOUNT });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.code).toBe('WAREHOUSE_NOT_FOUND');
  });

  it('When they list the stocks with ?accountId=, then only that account’s stocks are listed; without it, every tenant’s', async () => {
    // A warehouse's own stock is the advanced_stocks premium feature: the provider enables it for Other Retail, which has none.
    expect((await admin.patch(`/organization-root-details/${OTHER_ACCOUNT}`, { enabledPremiumFeatures: ['advanced_stocks'] })).status).toBe(200);
    const theirs = await createStock({ name: unique('Chez Other Retail'), warehouseId: OTHER_WAREHOUSE }, admin);
    expect((await admin.patch(`/organization-root-details/${OTHER_ACCOUNT}`, { enabledPremiumFeatures: [] })).status).toBe(200);
    const other = await listed(`accountId=${OTHER_ACCOUNT}`, admin);
    expect(other.length).toBeGreaterThan(5);
    expect(other.every((s) => s.accountId === OTHER_ACCOUNT)).toBe(true);
    expect(other.map((s) => s.id)).toContain(theirs);
    const demo = await listed(`accountId=${DEMO_ACCOUNT}`, admin);
    expect(demo.every((s) => s.accountId === DEMO_ACCOUNT)).toBe(true);
    const everyone = new Set((await listed('', admin)).map((s) => s.accountId));
    expect(everyone).toEqual(new Set([DEMO_ACCOUNT, OTHER_ACCOUNT]));
  });

  it('When the query and the header name the same account, then it answers; different ones or a malformed one, 400 naming it', async () => {
    expect((await admin.get(`/stocks?accountId=${DEMO_ACCOUNT}`, { 'X-Account-Id': DEMO_ACCOUNT })).status).toBe(200);
    const different = await admin.get(`/stocks?accountId=${DEMO_ACCOUNT}`, { 'X-Account-Id': OTHER_ACCOUNT });
    expect(different.status).toBe(400);
    expect(different.body.details.fields.map((f: { field: string }) => f.field)).toEqual(['X-Account-Id']);
    const malformed = await admin.get('/stocks?accountId=not-an-account');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'VALIDATION_FAILED', details: { fields: [expect.objectContaining({ field: 'accountId' })] } });
  });

  it('When the account does not exist, then it answers 404 ACCOUNT_NOT_FOUND, translated, and creates nothing', async () => {
    const nowhere = randomUUID();
    const name = unique('Compte fantôme');
    const refused = await admin.post('/stocks', { name, warehouseId: DEMO_WAREHOUSE }, { 'X-Account-Id': nowhere, 'Accept-Language': 'en-GB' });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'ACCOUNT_NOT_FOUND', details: { accountId: nowhere } });
    expect(refused.body.message).not.toBe('ACCOUNT_NOT_FOUND');
    expect((await admin.get(`/stocks?accountId=${nowhere}`)).body.code).toBe('ACCOUNT_NOT_FOUND');
    expect(await listed(`name=${encodeURIComponent(name)}`)).toEqual([]);
  });

  it('When an action refused ACCOUNT_REQUIRED is asked again naming the account, then the matrix’s grant applies: the dispatch rules are listed', async () => {
    const RULES = '/warehouse-dispatch-rules';
    expect((await admin.get(RULES)).body.code).toBe('ACCOUNT_REQUIRED');
    const named = await expectOk(admin.get(RULES, { 'X-Account-Id': DEMO_ACCOUNT }));
    const asRetailer = await expectOk((await t.login('retailer@demo.test', 'root')).get(RULES));
    expect(named.items.map((r: { id: string }) => r.id)).toEqual(asRetailer.items.map((r: { id: string }) => r.id));
    expect(named.items.length).toBeGreaterThan(0);
  });

  it('When a warehouse manager names another account, then it answers 403 ACCOUNT_NOT_ALLOWED; naming their own changes nothing', async () => {
    const refused = await manager.get(`/stocks?accountId=${OTHER_ACCOUNT}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'ACCOUNT_NOT_ALLOWED', details: { accountId: OTHER_ACCOUNT } });
    const header = await manager.post('/stocks', { name: unique('Pas chez eux') }, { 'X-Account-Id': OTHER_ACCOUNT });
    expect(header.status).toBe(403);
    const own = await listed(`accountId=${DEMO_ACCOUNT}`);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((s) => s.warehouseId === DEMO_WAREHOUSE)).toBe(true);
  });
});
