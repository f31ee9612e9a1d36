import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { createStoreBuyback, expectOk, type CreatedBuyback } from '../support/api-helpers.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { nativeStockId } from '../../domain/warehouse/stocks/native-stocks.js';

/**
 * Check-in by package number (POST /warehouse/package-check-ins): every
 * device a closed package carries is checked in at once, each its own item
 * event; one already at the warehouse is listed as such; the parcel's
 * refusals have stable codes; another tenant's package is not found.
 */
const PARIS = DEMO_IDS.stores.paris;
const ORLEANS = DEMO_IDS.warehouses.demo;

let t: TestPlatform;
let seller: ApiClient;
let operator: ApiClient;
let otherOperator: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  [seller, operator, otherOperator] = await Promise.all([t.login('seller@demo.test'), t.login('warehouse@demo.test', 'rps'), t.login('warehouse@other.test', 'rps')]);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const checkInPackage = (client: ApiClient, number: string) => client.post('/warehouse/package-check-ins', { number });

/** A Paris package to Orléans holding `count` new buybacks, closed (in transit) unless `close` is false. */
async function parcel(count: number, close = true): Promise<{ id: string; number: string; buybacks: CreatedBuyback[] }> {
  const buybacks: CreatedBuyback[] = [];
  for (let i = 0; i < count; i++) buybacks.push(await createStoreBuyback(seller, PARIS, { paymentType: 'bank_transfer' }));
  const opened = await expectOk(seller.post('/packages', { warehouseId: ORLEANS, labelMode: 'with_label' }), 201);
  for (const buyback of buybacks) await expectOk(seller.post(`/packages/${opened.id}/items`, { code: buyback.identificationNumber }));
  if (close) await expectOk(seller.post(`/packages/${opened.id}/close`, {}));
  const pkg = await expectOk(seller.get(`/packages/${opened.id}`));
  return { id: opened.id, number: pkg.number, buybacks };
}

describe('Given a closed package of three devices from the Paris store, one of them already checked in by its own code', () => {
  it('when the operator scans the package number, then the two others are checked in, each with its own event, and the third is listed as already here', async () => {
    const pkg = await parcel(3);
    const [first, second, third] = pkg.buybacks as [CreatedBuyback, CreatedBuyback, CreatedBuyback];
    await expectOk(operator.post('/warehouse/check-ins', { code: third.identificationNumber }), 201);

    const typed = `${pkg.number.slice(0, 4).toLowerCase()} ${pkg.number.slice(4)}`;
    const answer = await expectOk(checkInPackage(operator, typed));
    expect(answer).toMatchObject({ packageId: pkg.id, number: pkg.number, checkedIn: 2, alreadyCheckedIn: 1, missing: 0 });
    const byBuyback = new Map(answer.devices.map((device: { buybackId: string }) => [device.buybackId, device]));
    expect(byBuyback.get(first.id)).toMatchObject({ result: 'checked_in', itemStatus: 'item_registered_in_warehouse', refusal: null, shortCode: first.identificationNumber.slice(-8) });
    expect(byBuyback.get(second.id)).toMatchObject({ result: 'checked_in', itemStatus: 'item_registered_in_warehouse' });
    expect(byBuyback.get(third.id)).toMatchObject({ result: 'already_checked_in', itemStatus: 'item_registered_in_warehouse', refusal: null });

    for (const buyback of [first, second]) {
      const device = byBuyback.get(buyback.id) as { itemId: string };
      const item = await expectOk(operator.get(`/items/${device.itemId}`));
      expect(item.stockId).toBe(nativeStockId(ORLEANS, 'to_approve'));
      const history = (await expectOk(operator.get(`/items/${device.itemId}/history`))).items as Array<{ statusAfter: unknown; user: unknown; at: string }>;
      const received = history.filter((entry) => JSON.stringify(entry.statusAfter).includes('item_registered_in_warehouse'));
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ user: { name: expect.stringContaining('Nadia') }, at: expect.stringMatching(/Z$/) });
      expect((await expectOk(seller.get(`/buybacks/${buyback.id}`))).status).toBe('bb_in_processing');
    }
  });

  it('when the same number is scanned again, then nothing is written and every device is listed as already here', async () => {
    const pkg = await parcel(2);
    await expectOk(checkInPackage(operator, pkg.number));
    const again = await expectOk(checkInPackage(operator, pkg.number));
    expect(again).toMatchObject({ checkedIn: 0, alreadyCheckedIn: 2, missing: 0 });
  });
});

describe('Given package numbers the check-in cannot take', () => {
  it('when the number is malformed, then 400 CHECKIN_PACKAGE_NUMBER_INVALID', async () => {
    const refused = await checkInPackage(operator, 'P12');
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('CHECKIN_PACKAGE_NUMBER_INVALID');
    expect(refused.body.message).toMatch(/P/);
  });

  it('when no package has that number, then 404 CHECKIN_PACKAGE_NOT_FOUND, naming it', async () => {
    const refused = await checkInPackage(operator, 'P000000000');
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'CHECKIN_PACKAGE_NOT_FOUND', details: { number: 'P000000000' } });
  });

  it('when the package is still open at its store, then 409 CHECKIN_PACKAGE_NOT_SHIPPED and its device stays in the store', async () => {
    const pkg = await parcel(1, false);
    const refused = await checkInPackage(operator, pkg.number);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CHECKIN_PACKAGE_NOT_SHIPPED', details: { number: pkg.number, status: 'open' } });
    const item = await expectOk(operator.get(`/items/by-code/${pkg.buybacks[0]!.identificationNumber}`));
    expect(item.item.status).not.toBe('item_registered_in_warehouse');
  });

  it('when another retailer’s warehouse operator scans Demo Retail’s package number, then 404 exactly as for a number that exists nowhere, and nothing is written', async () => {
    const pkg = await parcel(1);
    const foreign = await checkInPackage(otherOperator, pkg.number);
    const unknown = await checkInPackage(otherOperator, 'P000000001');
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body).split(pkg.number).join('<n>')).toBe(JSON.stringify(unknown.body).split('P000000001').join('<n>'));
    const item = await expectOk(operator.get(`/items/by-code/${pkg.buybacks[0]!.identificationNumber}`));
    expect(item.item.status).toBe('item_in_transit');
  });

  it('when a store seller (without the check-in permission) sends it, then 403', async () => {
    const pkg = await parcel(1);
    expect((await checkInPackage(seller, pkg.number)).status).toBe(403);
  });
});
