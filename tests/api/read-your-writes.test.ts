import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { createStoreBuyback, expectOk } from '../support/api-helpers.js';
import { answersFor, checkedInItem, IPHONE_15, shippedItem, type WarehouseActors } from '../support/warehouse-journeys.js';
import { openPackage, PARIS, scan } from '../support/logistics-helpers.js';

/**
 * Read your writes across aggregates: a command that changes another
 * aggregate (a package's close ships its buybacks and their items; a
 * cancellation cancels the item; a check-in or a check moves the buyback)
 * answers once every list and detail shows all of it. Each read is made
 * right after the answer, with no wait, TIMES times.
 */
const TIMES = 10;

let t: TestPlatform;
let actors: WarehouseActors;
let manager: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  const [seller, operator] = await Promise.all([t.login('seller@demo.test'), t.login('warehouse@demo.test', 'rps')]);
  actors = { seller, operator };
  manager = await t.login('warehouse-manager@demo.test', 'rps');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const itemsOf = async (client: ApiClient, buybackId: string) => (await expectOk(client.get(`/items?buybackId=${buybackId}`))).items as Array<{ status: string; purchasePrice?: number }>;

describe('Given a command that changes another aggregate, When its answer comes, Then the other aggregate already reads changed', () => {
  it(`a package's close: the items list shows every device in transit (${TIMES} packages of two)`, async () => {
    for (let round = 0; round < TIMES; round++) {
      const buybacks = [await createStoreBuyback(actors.seller, PARIS), await createStoreBuyback(actors.seller, PARIS)];
      const pkg = await openPackage(actors.seller);
      for (const buyback of buybacks) await expectOk(scan(actors.seller, pkg.id, buyback.identificationNumber));
      await expectOk(actors.seller.post(`/packages/${pkg.id}/close`, {}));
      for (const buyback of buybacks) {
        expect((await itemsOf(actors.operator, buyback.id)).map((item) => item.status)).toEqual(['item_in_transit']);
        expect((await expectOk(actors.seller.get(`/buybacks/${buyback.id}`))).status).toBe('bb_in_transit');
      }
    }
  }, 120_000);

  it(`a cancellation: the item reads cancelled (${TIMES} times)`, async () => {
    for (let round = 0; round < TIMES; round++) {
      const { buyback } = await shippedItem(actors);
      await expectOk(manager.post(`/buybacks/${buyback.id}/cancel`, { reason: 'customer_retractation', comment: 'Rétractation' }));
      expect((await itemsOf(manager, buyback.id)).map((item) => item.status)).toEqual(['item_cancelled']);
    }
  }, 120_000);

  it(`a check-in and a check: the buyback reads in processing, then completed (${TIMES} times)`, async () => {
    const responses = await answersFor(actors.operator, IPHONE_15);
    for (let round = 0; round < TIMES; round++) {
      const { buyback, itemId } = await shippedItem(actors);
      await expectOk(actors.operator.post('/warehouse/check-ins', { code: buyback.identificationNumber }), 201);
      expect((await expectOk(actors.seller.get(`/buybacks/${buyback.id}`))).status).toBe('bb_in_processing');
      await expectOk(actors.operator.post(`/items/${itemId}/compliance-checks`, { productId: IPHONE_15, responses, decision: { kind: 'by_rule' } }));
      expect((await expectOk(actors.seller.get(`/buybacks/${buyback.id}`))).status).toBe('bb_completed_by_price');
    }
  }, 120_000);

  it('a quarantine: the buyback reads on hold', async () => {
    const { buyback, itemId } = await checkedInItem(actors);
    await expectOk(actors.operator.post(`/items/${itemId}/quarantine`, { reason: 'account_lock_active', comment: 'iCloud actif' }));
    expect(await expectOk(actors.seller.get(`/buybacks/${buyback.id}`))).toMatchObject({ status: 'bb_in_processing', onHold: true });
    expect((await itemsOf(actors.operator, buyback.id)).map((item) => item.status)).toEqual(['item_in_quarantine']);
  });
});
