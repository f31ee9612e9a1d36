import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type ApiResponse, type TestPlatform } from '../support/test-platform.js';
import { createStoreBuyback, expectOk } from '../support/api-helpers.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { nativeStockId } from '../../domain/warehouse/stocks/native-stocks.js';
import { identificationNumberFrom } from '../../domain/values/identification-number.js';

/**
 * The warehouse's routes between tenants: Demo Retail's warehouse manager
 * (who holds every item and stock permission) aims at Other Retail's item,
 * stock, verification and buyback. Every route answers exactly as for an id
 * that exists nowhere, and nothing of Other Retail's changes or shows.
 */
const LILLE = DEMO_IDS.stores.lille;
const OTHER_WAREHOUSE = DEMO_IDS.warehouses.other;

let t: TestPlatform;
let manager: ApiClient;
let otherSeller: ApiClient;
let admin: ApiClient;
let other: { buybackId: string; code: string; itemId: string; stockId: string };

beforeAll(async () => {
  t = await startTestPlatform();
  [manager, otherSeller, admin] = await Promise.all([t.login('warehouse-manager@demo.test', 'rps'), t.login('seller@other.test'), t.login('admin@demo.test')]);
  const buyback = await createStoreBuyback(otherSeller, LILLE, { productId: DEMO_IDS.products.otherIphone13_128, paymentType: 'bank_transfer' });
  const items = await expectOk(admin.get(`/items?buybackId=${buyback.id}`));
  other = { buybackId: buyback.id, code: buyback.identificationNumber, itemId: items.items[0].id, stockId: nativeStockId(OTHER_WAREHOUSE, 'to_approve') };
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** Each route with Other Retail's id, and the same route with an id that exists nowhere. */
const CALLS: Array<{ name: string; call: (ids: { item: string; stock: string; code: string; buyback: string }) => Promise<ApiResponse> }> = [
  { name: 'getItem', call: (ids) => manager.get(`/items/${ids.item}`) },
  { name: 'getItemHistory', call: (ids) => manager.get(`/items/${ids.item}/history`) },
  { name: 'getItemByCode', call: (ids) => manager.get(`/items/by-code/${ids.code}`) },
  { name: 'checkInItem', call: (ids) => manager.post('/warehouse/check-ins', { code: ids.code }) },
  { name: 'previewComplianceCheck', call: (ids) => manager.post(`/items/${ids.item}/compliance-checks/preview`, { productId: DEMO_IDS.products.iphone15_128, responses: [] }) },
  {
    name: 'recordComplianceCheck',
    call: (ids) => manager.post(`/items/${ids.item}/compliance-checks`, { productId: DEMO_IDS.products.iphone15_128, responses: [], decision: { kind: 'by_rule' } }),
  },
  { name: 'quarantineItem', call: (ids) => manager.post(`/items/${ids.item}/quarantine`, { reason: 'other', comment: 'x' }) },
  { name: 'releaseItem', call: (ids) => manager.post(`/items/${ids.item}/release`, { stockId: ids.stock }) },
  { name: 'sendQuarantineMail', call: (ids) => manager.post(`/items/${ids.item}/quarantine-mail`) },
  { name: 'declareItemLost', call: (ids) => manager.post(`/items/${ids.item}/lost`, { place: 'warehouse', comment: 'x' }) },
  { name: 'moveItem', call: (ids) => manager.post(`/items/${ids.item}/move`, { stockId: ids.stock, reason: 'x' }) },
  { name: 'returnItem', call: (ids) => manager.post(`/items/${ids.item}/return`, {}) },
  { name: 'getStock', call: (ids) => manager.get(`/stocks/${ids.stock}`) },
  { name: 'updateStock', call: (ids) => manager.patch(`/stocks/${ids.stock}`, { name: 'Volé' }) },
  { name: 'deleteStock', call: (ids) => manager.delete(`/stocks/${ids.stock}`) },
  { name: 'replayBuyback', call: (ids) => manager.get(`/buybacks/${ids.buyback}/replay`) },
  { name: 'findReplayTarget', call: (ids) => manager.get(`/replay-targets/${ids.code}`) },
];

describe('Given Other Retail’s item, stock and buyback, aimed at by Demo Retail’s warehouse manager', () => {
  it.each(CALLS)('when $name is called with their ids, then it answers 404 exactly as for an id that exists nowhere', async ({ call }) => {
    const foreign = await call({ item: other.itemId, stock: other.stockId, code: other.code, buyback: other.buybackId });
    const unknownId = randomUUID();
    const unknownCode = identificationNumberFrom('200000000000');
    const unknown = await call({ item: unknownId, stock: unknownId, code: unknownCode, buyback: unknownId });
    expect(foreign.status).toBe(404);
    const mask = (response: ApiResponse, values: string[]) => values.reduce((text, value) => text.split(value).join('<id>'), JSON.stringify(response.body));
    expect(mask(foreign, [other.itemId, other.stockId, other.code, other.buybackId])).toBe(mask(unknown, [unknownId, unknownCode]));
  });

  it('then their item is untouched, and no list of Demo Retail’s shows it or their stocks', async () => {
    const item = await expectOk(admin.get(`/items/${other.itemId}`));
    expect(item).toMatchObject({ status: 'item_awaiting_inventory', revision: 0 });
    const items = await expectOk(manager.get('/items?itemsPerPage=100'));
    expect(items.items.every((i: { accountId: string }) => i.accountId === DEMO_IDS.accounts.demo)).toBe(true);
    const stocks = await expectOk(manager.get('/stocks?itemsPerPage=100'));
    expect(stocks.items.map((s: { warehouseId: string }) => s.warehouseId)).not.toContain(OTHER_WAREHOUSE);
    expect(stocks.items.every((s: { warehouseId: string }) => s.warehouseId === DEMO_IDS.warehouses.demo)).toBe(true);
  });

  it('then the super admin, bound to no tenant, sees both tenants’ warehouses’ stocks', async () => {
    const stocks = await expectOk(admin.get('/stocks?itemsPerPage=100'));
    expect(new Set(stocks.items.map((s: { warehouseId: string }) => s.warehouseId))).toEqual(new Set([DEMO_IDS.warehouses.demo, DEMO_IDS.warehouses.demoLyon, OTHER_WAREHOUSE]));
  });

  it('then a Demo stock cannot be created in their warehouse', async () => {
    const retailer = await t.login('retailer@demo.test', 'root');
    const refused = await retailer.post('/stocks', { name: 'Chez les autres', warehouseId: OTHER_WAREHOUSE });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('WAREHOUSE_NOT_FOUND');
  });
});
