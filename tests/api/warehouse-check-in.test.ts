import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { createWebBuyback, expectOk } from '../support/api-helpers.js';
import { buybackStatusOf, checkedInItem, itemOf, registeredItem, shippedItem, type WarehouseActors } from '../support/warehouse-journeys.js';
import { toNewEvent } from '../../application/events/codec.js';
import { gs1CheckDigit } from '../../domain/values/gtin.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { nativeStockId } from '../../domain/warehouse/stocks/native-stocks.js';

/** Warehouse check-in (specification 001 §2, §8): a parcel registered by its code, and every refusal. */
let t: TestPlatform;
let actors: WarehouseActors;
let admin: ApiClient;
let visitor: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  const [seller, operator] = await Promise.all([t.login('seller@demo.test'), t.login('warehouse@demo.test', 'rps')]);
  actors = { seller, operator };
  admin = await t.login('admin@demo.test');
  visitor = await t.anonymous();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const checkIn = (client: ApiClient, code: string) => client.post('/warehouse/check-ins', { code });

describe('Given a parcel shipped by the Paris store', () => {
  it('when the operator types its 13-digit code, then its item is registered in the to-approve stock, received now, and its buyback is in processing', async () => {
    const { buyback, itemId } = await shippedItem(actors);
    const answer = await checkIn(actors.operator, buyback.identificationNumber);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ id: itemId, status: 'item_registered_in_warehouse' });
    expect(answer.headers.get('location')).toBe(`/api/items/${itemId}`);
    const item = await itemOf(actors.operator, itemId);
    expect(item.stockId).toBe(nativeStockId(DEMO_IDS.warehouses.demo, 'to_approve'));
    expect(Date.parse(item.receivedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(item.ageInDays).toBe(0);
    expect(await buybackStatusOf(actors.seller, buyback.id)).toBe('bb_in_processing');
  });

  it('when the operator scans its 8-character item code with spaces, then it is registered too', async () => {
    const { itemId } = await shippedItem(actors);
    const { shortCode } = await itemOf(actors.operator, itemId);
    const answer = await checkIn(actors.operator, `${shortCode.slice(0, 4)} ${shortCode.slice(4)}`);
    expect(answer.status).toBe(201);
    expect(answer.body.id).toBe(itemId);
  });

  it('when it is checked in twice, then the second is refused: its status is not one of a product to register', async () => {
    const { buyback } = await checkedInItem(actors);
    const again = await checkIn(actors.operator, buyback.identificationNumber);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'ITEM_CHECKIN_STATUS_INVALID', details: { status: 'item_registered_in_warehouse' } });
  });

  it('when the same request is retried with its Idempotency-Key, then it answers as the first time and writes nothing more', async () => {
    const { buyback, itemId } = await shippedItem(actors);
    const key = randomUUID();
    const first = await actors.operator.post('/warehouse/check-ins', { code: buyback.identificationNumber }, { 'Idempotency-Key': key });
    const retry = await actors.operator.post('/warehouse/check-ins', { code: buyback.identificationNumber }, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect((await expectOk(actors.operator.get(`/items/${itemId}/history`))).items).toHaveLength(3);
  });
});

describe('Given codes that name nothing to register here', () => {
  it('when the code names nothing, then it is not recognised (or not assigned to this warehouse)', async () => {
    const answer = await checkIn(actors.operator, '2000000000008');
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('ITEM_CODE_NOT_RECOGNISED');
  });

  it('when the code is another tenant’s item, then it answers the same as for a code that names nothing', async () => {
    const otherSeller = await t.login('seller@other.test');
    const other = await createWebBuyback(await t.anonymous(), otherSeller, { circuitType: 'web_post' }).catch(() => null);
    const code = other?.identificationNumber ?? '2000000000015';
    const answer = await checkIn(actors.operator, code);
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('ITEM_CODE_NOT_RECOGNISED');
  });

  it.each([
    ['', 'ITEM_CODE_REQUIRED'],
    ['123456789', 'ITEM_CODE_LENGTH'],
    ['12345678901X3', 'ITEM_CODE_INVALID'],
    ['ABC-EFGH', 'ITEM_CODE_INVALID'],
    ['2000000000001', 'ITEM_CODE_NOT_RECOGNISED'],
  ])('when the code is %j, then it is refused with %s, nothing looked up', async (code, expected) => {
    const answer = await checkIn(actors.operator, code);
    expect(answer.body.code).toBe(expected);
    expect(answer.status).toBe(expected === 'ITEM_CODE_NOT_RECOGNISED' ? 404 : 400);
  });

  it('when an 8-character code names two items of the warehouse, then it says several items match and lists them', async () => {
    const { buyback, itemId } = await shippedItem(actors);
    const twin = twinCode(buyback.identificationNumber);
    const twinId = randomUUID();
    await t.platform.eventStore.appendToStream(
      `item-${twinId}`,
      [
        toNewEvent(
          {
            type: 'ItemCreated',
            data: {
              itemId: twinId,
              buybackId: randomUUID(),
              identificationNumber: twin,
              shortCode: twin.slice(-8),
              awaiting: 'store_shipment',
              storeId: DEMO_IDS.stores.paris,
              warehouseId: DEMO_IDS.warehouses.demo,
              buyerId: DEMO_IDS.buyers.demo,
              product: { productId: DEMO_IDS.products.iphone13_128, label: 'Apple iPhone 13 128 Go', brand: 'Apple', categoryId: DEMO_IDS.categories.appleIphone, ean: null },
              imei: null,
              purchasePrice: { amountInCents: 10_000, currency: 'EUR' },
            },
          },
          randomUUID(),
          { accountId: DEMO_IDS.accounts.demo, organizationId: null, userId: null, correlationId: 'twin', causationId: null, occurredAt: new Date().toISOString() },
        ),
      ],
      'no_stream',
    );
    await t.platform.runner.waitFor(await t.platform.eventStore.lastGlobalPosition(), 5_000);
    const answer = await checkIn(actors.operator, buyback.identificationNumber.slice(-8));
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('ITEM_CODE_AMBIGUOUS');
    expect(answer.body.details.candidates.map((c: { id: string }) => c.id).sort()).toEqual([itemId, twinId].sort());
    // The 13-digit code still names one.
    expect((await checkIn(actors.operator, buyback.identificationNumber)).status).toBe(201);
  });
});

describe('Given a parcel that nobody scanned out', () => {
  it('when a customer’s own post arrives, then the check-in records it shipped (by the customer) and received, and the buyback follows', async () => {
    const web = await createWebBuyback(visitor, actors.operator, { circuitType: 'web_post', paymentType: 'bank_transfer' });
    const item = (await expectOk(actors.operator.get(`/items/by-code/${web.identificationNumber}`))).item;
    expect(item.status).toBe('item_created');
    expect((await checkIn(actors.operator, web.identificationNumber)).status).toBe(201);
    const history = (await expectOk(actors.operator.get(`/items/${item.id}/history`))).items.map((e: { type: string }) => e.type);
    expect(history).toEqual(['ItemCreated', 'ItemShipped', 'ItemRegisteredInWarehouse']);
    // The carrier's reports on the customer's parcel (BuybackShipmentTracked) come when the carrier sends them, before or after the check-in.
    const buybackHistory = (await expectOk(actors.operator.get(`/buybacks/${web.id}/history`))).items
      .map((e: { type: string }) => e.type)
      .filter((type: string) => type !== 'BuybackShipmentTracked');
    expect(buybackHistory).toEqual(['BuybackRegistered', 'BuybackShipped', 'BuybackCheckedIn']);
    expect(await buybackStatusOf(actors.operator, web.id)).toBe('bb_in_processing');
  });

  it('when a device pre-declared for a drop in a shop reaches the warehouse instead, then it is received and its buyback was sent straight there', async () => {
    const web = await createWebBuyback(visitor, actors.operator, { circuitType: 'web_drop', paymentType: 'bank_transfer' });
    expect((await checkIn(actors.operator, web.identificationNumber)).status).toBe(201);
    const shipped = (await expectOk(actors.operator.get(`/buybacks/${web.id}/history`))).items.find((e: { type: string }) => e.type === 'BuybackShipped');
    expect(shipped.statusBefore).toBe('bb_awaiting_store_drop');
    expect(await buybackStatusOf(actors.operator, web.id)).toBe('bb_in_processing');
  });

  it('when a device still awaiting the store’s shipment is scanned, then it is refused: it never left the store (tests/api/warehouse-store-reconciliation.test.ts reconciles it)', async () => {
    const { buyback, itemId } = await registeredItem(actors);
    const refused = await checkIn(actors.operator, buyback.identificationNumber);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('ITEM_STILL_IN_STORE');
    expect((await itemOf(actors.operator, itemId)).status).toBe('item_awaiting_inventory');
  });
});

describe('Given the retailer’s check-in requirement', () => {
  it('when provider staff check in, then it is refused: staff count as disabled and start the check from the shipped item', async () => {
    const { buyback } = await shippedItem(actors);
    const answer = await checkIn(admin, buyback.identificationNumber);
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('WAREHOUSE_CHECKIN_DISABLED');
  });

  it('then the check-in menu entry is shown to the demo warehouse (optional) and hidden from provider staff', async () => {
    const paths = (me: { menu: { sections: Array<{ entries: Array<{ path: string }> }> } }) => me.menu.sections.flatMap((s) => s.entries.map((e) => e.path));
    expect(paths((await expectOk(actors.operator.get('/me'))))).toContain('/warehouse/checkin');
    expect(paths((await expectOk(admin.get('/me'))))).not.toContain('/warehouse/checkin');
  });

  it('when a store seller tries, then they lack the permission', async () => {
    const answer = await checkIn(actors.seller, '2000000000008');
    expect(answer.status).toBe(403);
  });
});

/** Another valid 13-digit code with the same last 8 digits: its first digits changed until the check digit agrees. */
function twinCode(code: string): string {
  const tail = code.slice(5, 12);
  for (let head = 0; head < 100_000; head++) {
    const candidate = `${String(head).padStart(5, '0')}${tail}`;
    if (candidate === code.slice(0, 12)) continue;
    if (gs1CheckDigit(candidate) === Number(code.slice(-1))) return `${candidate}${code.slice(-1)}`;
  }
  throw new Error('no twin code');
}
