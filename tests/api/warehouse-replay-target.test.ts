import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { expectOk } from '../support/api-helpers.js';
import { shippedItem, type WarehouseActors } from '../support/warehouse-journeys.js';
import { toNewEvent } from '../../application/events/codec.js';
import { gs1CheckDigit } from '../../domain/values/gtin.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';

/**
 * The auditor's replay opened by a code (GET /replay-targets/{code}): the
 * 13-digit code, or the 8-character item code the lists show; an 8-character
 * code several devices share lists them, each with its buyback.
 */
let t: TestPlatform;
let actors: WarehouseActors;
let auditor: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  const [seller, operator] = await Promise.all([t.login('seller@demo.test'), t.login('warehouse@demo.test', 'rps')]);
  actors = { seller, operator };
  auditor = await t.login('warehouse-manager@demo.test', 'rps');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('Given a device shipped from the Paris store', () => {
  it('when the auditor types its 8-character item code, with a space and in lower case, then its buyback is found, as by its 13-digit code', async () => {
    const { buyback, itemId } = await shippedItem(actors);
    const short = buyback.identificationNumber.slice(-8);
    const found = await expectOk(auditor.get(`/replay-targets/${encodeURIComponent(`${short.slice(0, 4)} ${short.slice(4).toLowerCase()}`)}`));
    expect(found).toMatchObject({ buybackId: buyback.id, itemId, identificationNumber: buyback.identificationNumber, shortCode: short });
    expect(await expectOk(auditor.get(`/replay-targets/${buyback.identificationNumber}`))).toMatchObject({ buybackId: buyback.id });
    expect((await expectOk(auditor.get(`/buybacks/${found.buybackId}/replay`))).identificationNumber).toBe(buyback.identificationNumber);
  });

  it('when a code is malformed or names nothing, then 400 ITEM_CODE_LENGTH or 404 ITEM_CODE_NOT_RECOGNISED', async () => {
    const short = await auditor.get('/replay-targets/12345');
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('ITEM_CODE_LENGTH');
    const none = await auditor.get('/replay-targets/ZZZZ9999');
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('ITEM_CODE_NOT_RECOGNISED');
  });

  it('when two devices share its 8-character code, then 409 ITEM_CODE_AMBIGUOUS lists both, each with its buyback to open', async () => {
    const { buyback, itemId } = await shippedItem(actors);
    const twin = twinCode(buyback.identificationNumber);
    const twinId = randomUUID();
    const twinBuyback = randomUUID();
    await t.platform.eventStore.appendToStream(
      `item-${twinId}`,
      [
        toNewEvent(
          {
            type: 'ItemCreated',
            data: {
              itemId: twinId,
              buybackId: twinBuyback,
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
    const answer = await auditor.get(`/replay-targets/${buyback.identificationNumber.slice(-8)}`);
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('ITEM_CODE_AMBIGUOUS');
    const candidates = answer.body.details.candidates as Array<{ id: string; buybackId: string }>;
    expect(candidates.map((c) => [c.id, c.buybackId]).sort()).toEqual(
      [
        [itemId, buyback.id],
        [twinId, twinBuyback],
      ].sort(),
    );
  });

  it('when a store seller (without the replay permission) asks, then 403', async () => {
    expect((await actors.seller.get('/replay-targets/ZZZZ9999')).status).toBe(403);
  });
});

/** Another 13-digit code with the same last 8 characters and a valid check digit. */
function twinCode(code: string): string {
  const tail = code.slice(5, 12);
  for (let head = 0; head < 100_000; head++) {
    const candidate = `${String(head).padStart(5, '0')}${tail}`;
    if (candidate === code.slice(0, 12)) continue;
    if (gs1CheckDigit(candidate) === Number(code.slice(-1))) return `${candidate}${code.slice(-1)}`;
  }
  throw new Error('no twin code');
}
