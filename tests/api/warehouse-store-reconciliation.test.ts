import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { createStoreBuyback, expectOk } from '../support/api-helpers.js';
import { buybackStatusOf, itemOf, registeredItem, type WarehouseActors } from '../support/warehouse-journeys.js';
import { openPackage, PARIS, scan } from '../support/logistics-helpers.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { nativeStockId } from '../../domain/warehouse/stocks/native-stocks.js';

/**
 * A device its store never shipped is not checked in as if it had travelled
 * (409 ITEM_STILL_IN_STORE, naming the store's package it is in); the
 * operator who holds it confirms it (`reconcile`): the item, its buyback and
 * the package are decided together, the history and the replay say it was
 * received from the store, never shipped, and the package no longer ships it.
 */
let t: TestPlatform;
let actors: WarehouseActors;
let root: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  const [seller, operator] = await Promise.all([t.login('seller@demo.test'), t.login('warehouse@demo.test', 'rps')]);
  actors = { seller, operator };
  root = await t.login('retailer@demo.test', 'root');
  admin = await t.login('admin@demo.test');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const checkIn = (code: string, reconcile?: boolean) => actors.operator.post('/warehouse/check-ins', reconcile === undefined ? { code } : { code, reconcile });
const types = (entries: Array<{ type: string }>) => entries.map((e) => e.type);

describe('Given a Paris buyback its store never packed nor shipped', () => {
  it('when the operator scans it, then it is refused with ITEM_STILL_IN_STORE in every language, and nothing is recorded', async () => {
    const { buyback, itemId } = await registeredItem(actors);
    const refused = await checkIn(buyback.identificationNumber);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'ITEM_STILL_IN_STORE', details: { itemId, identificationNumber: buyback.identificationNumber, storeId: PARIS, packageId: null, packageNumber: null } });
    const messages = new Set<string>();
    for (const language of ['fr-FR', 'en-GB', 'nl-BE', 'de-DE']) {
      const answer = await actors.operator.post('/warehouse/check-ins', { code: buyback.identificationNumber }, { 'Accept-Language': language });
      expect(answer.headers.get('content-language')).toBe(language);
      messages.add(answer.body.message);
    }
    expect(messages.size).toBe(4);
    expect((await itemOf(actors.operator, itemId)).status).toBe('item_awaiting_inventory');
    expect(types((await expectOk(actors.operator.get(`/items/${itemId}/history`))).items)).toEqual(['ItemCreated']);
  });

  it('when the operator confirms they hold it, then it is received from the store (no shipment invented) and the replay tells a reconciliation', async () => {
    const { buyback, itemId } = await registeredItem(actors);
    const answer = await checkIn(buyback.identificationNumber, true);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ id: itemId, status: 'item_registered_in_warehouse' });
    const item = await itemOf(actors.operator, itemId);
    expect(item.stockId).toBe(nativeStockId(DEMO_IDS.warehouses.demo, 'to_approve'));
    expect(await buybackStatusOf(actors.seller, buyback.id)).toBe('bb_in_processing');

    const itemHistory = (await expectOk(actors.operator.get(`/items/${itemId}/history`))).items;
    expect(types(itemHistory)).toEqual(['ItemCreated', 'ItemReceivedFromStore']);
    // Who received it, and where: the operator, at their warehouse, into its to-approve stock.
    expect(itemHistory[1]).toMatchObject({ user: { name: 'Nadia Robert' }, organizationId: DEMO_IDS.warehouses.demo, changes: { stockId: { from: null, to: item.stockId } } });
    const buybackHistory = (await expectOk(actors.seller.get(`/buybacks/${buyback.id}/history`))).items;
    expect(types(buybackHistory)).toEqual(['BuybackRegistered', 'BuybackReceivedFromStore']);
    expect(buybackHistory[1]).toMatchObject({ statusBefore: 'bb_awaiting_inventory', statusAfter: 'bb_in_processing', user: { name: 'Nadia Robert' }, organizationId: DEMO_IDS.warehouses.demo });

    const replay = await expectOk(root.get(`/buybacks/${buyback.id}/replay`));
    const told = types(replay.events);
    expect(told).toEqual(expect.arrayContaining(['BuybackReceivedFromStore', 'ItemReceivedFromStore']));
    expect(told).not.toContain('BuybackShipped');
    expect(told).not.toContain('ItemShipped');
    expect(replay.events.find((e: { type: string }) => e.type === 'ItemReceivedFromStore')).toMatchObject({ organization: { name: 'Demo Warehouse Orléans' }, data: { packageNumber: null } });
  });

  it('when the operator confirms a device that did travel, then it is checked in as usual', async () => {
    const { buyback, itemId } = await registeredItem(actors);
    await expectOk(actors.seller.post(`/buybacks/${buyback.id}/ship`, {}));
    expect((await checkIn(buyback.identificationNumber, true)).status).toBe(201);
    expect(types((await expectOk(actors.operator.get(`/items/${itemId}/history`))).items)).toEqual(['ItemCreated', 'ItemShipped', 'ItemRegisteredInWarehouse']);
  });
});

describe('Given a Paris buyback in the store’s open package', () => {
  it('when the operator scans it, then the refusal names the package; confirmed, the package no longer holds it, and closing it does not ship it', async () => {
    const kept = await createStoreBuyback(actors.seller, PARIS);
    const held = await createStoreBuyback(actors.seller, PARIS);
    const pkg = await openPackage(actors.seller);
    await expectOk(scan(actors.seller, pkg.id, kept.identificationNumber));
    await expectOk(scan(actors.seller, pkg.id, held.identificationNumber));

    const refused = await checkIn(held.identificationNumber);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'ITEM_STILL_IN_STORE', details: { packageId: pkg.id, packageNumber: pkg.number } });

    expect((await checkIn(held.identificationNumber, true)).status).toBe(201);
    const itemId = (await expectOk(actors.operator.get(`/items/by-code/${held.identificationNumber}`))).item.id;
    // The store sees it: its package no longer lists it, its trade-in left the package and is in processing.
    const open = await expectOk(actors.seller.get(`/packages/${pkg.id}`));
    expect(open).toMatchObject({ status: 'open', buybackCount: 1 });
    expect(open.buybacks.map((b: { buybackId: string }) => b.buybackId)).toEqual([kept.id]);
    const detail = await expectOk(actors.seller.get(`/buybacks/${held.id}`));
    expect(detail).toMatchObject({ status: 'bb_in_processing', package: null });
    // Its own steps (its voucher's payment, handed over at registration, tells its steps there too).
    const history = (await expectOk(actors.seller.get(`/buybacks/${held.id}/history`))).items.filter((e: { type: string }) => e.type.startsWith('Buyback'));
    expect(types(history)).toEqual(['BuybackRegistered', 'BuybackPacked', 'BuybackReceivedFromStore']);
    expect(history[2].changes).toMatchObject({ packageNumber: { from: pkg.number, to: null }, leftPackage: { to: pkg.number } });
    const itemHistory = (await expectOk(actors.operator.get(`/items/${itemId}/history`))).items;
    expect(itemHistory[1]).toMatchObject({ type: 'ItemReceivedFromStore', changes: { packageNumber: { to: pkg.number } } });

    // The store closes the package: only the device still in it leaves; the one the warehouse holds is not shipped.
    const closed = await expectOk(actors.seller.post(`/packages/${pkg.id}/close`, {}));
    expect(closed.status).toBe('closed');
    expect(await buybackStatusOf(actors.seller, kept.id)).toBe('bb_in_transit');
    expect(await buybackStatusOf(actors.seller, held.id)).toBe('bb_in_processing');
    expect(types((await expectOk(actors.seller.get(`/buybacks/${held.id}/history`))).items)).not.toContain('BuybackShipped');
    expect((await itemOf(actors.operator, itemId)).status).toBe('item_registered_in_warehouse');

    const replay = await expectOk(root.get(`/buybacks/${held.id}/replay`));
    expect(replay.events.find((e: { type: string }) => e.type === 'BuybackReceivedFromStore')).toMatchObject({ data: { packageId: pkg.id, packageNumber: pkg.number } });
    expect(types(replay.events)).not.toContain('BuybackShipped');
  });

  it('when the package was closed before the operator scans, then the device travels in it and is checked in as usual', async () => {
    const buyback = await createStoreBuyback(actors.seller, PARIS);
    const pkg = await openPackage(actors.seller);
    await expectOk(scan(actors.seller, pkg.id, buyback.identificationNumber));
    await expectOk(actors.seller.post(`/packages/${pkg.id}/close`, {}));
    expect((await checkIn(buyback.identificationNumber)).status).toBe(201);
    expect(await buybackStatusOf(actors.seller, buyback.id)).toBe('bb_in_processing');
  });
});

describe('After these reconciliations', () => {
  it('then the process managers that follow them meet no conflict: the item, its buyback and the package were decided together', async () => {
    let health = await admin.get('/health');
    for (let attempt = 0; attempt < 100 && health.body.maxLag !== 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      health = await admin.get('/health');
    }
    const managers = health.body.processManagers as Array<{ name: string; conflicts: number }>;
    expect(managers.find((m) => m.name === 'buyback-item')?.conflicts).toBe(0);
    expect(managers.find((m) => m.name === 'logistics')?.conflicts).toBe(0);
  });
});
