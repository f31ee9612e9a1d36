import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { PARIS } from '../support/buyback-fixtures.js';
import { createStoreBuyback, createWebBuyback, expectOk, listedRow, type CreatedBuyback } from '../support/api-helpers.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { identificationNumberFrom } from '../../domain/values/identification-number.js';

/**
 * The pre-declared buybacks check (specification 000 §2, §5, §7, §8):
 * `HEAD /buybacks/by-identification-number/{n}/is-verifiable` answers 200 when
 * the caller can take the buyback in hand now, 404 when the code names nothing
 * the caller may see, 409 BUYBACK_NOT_VERIFIABLE (with the status, on GET)
 * when it exists but is not in a state for the caller; then the store
 * finalizes it and it is in that store's list.
 */

const LYON = DEMO_IDS.stores.lyon;
const DAY_MS = 86_400_000;

let t: TestPlatform;
let seller: ApiClient;
let warehouse: ApiClient;
let buyer: ApiClient;
let retailer: ApiClient;
let otherSeller: ApiClient;
let visitor: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  [seller, warehouse, buyer, retailer, otherSeller, visitor] = await Promise.all([
    t.login('seller@demo.test'),
    t.login('warehouse@demo.test', 'rps'),
    t.login('buyer@demo.test', 'lcm'),
    t.login('retailer@demo.test', 'root'),
    t.login('seller@other.test'),
    t.anonymous(),
  ]);
});
afterAll(async () => {
  await t?.close();
});

/** A storefront visitor's buyback on the "drop in store" circuit: registered with no store, awaiting its drop. */
function predeclared(): Promise<CreatedBuyback> {
  return createWebBuyback(visitor, retailer, { circuitType: 'web_drop', paymentType: 'bank_transfer' });
}

const path = (code: string) => `/buybacks/by-identification-number/${code}/is-verifiable`;
const head = (client: ApiClient, code: string) => client.request('HEAD', path(code));
const check = (client: ApiClient, code: string) => client.get(path(code));

async function expectNotVerifiable(client: ApiClient, buyback: CreatedBuyback, status: string) {
  expect((await head(client, buyback.identificationNumber)).status).toBe(409);
  const answer = await check(client, buyback.identificationNumber);
  expect(answer.status).toBe(409);
  expect(answer.body).toMatchObject({ code: 'BUYBACK_NOT_VERIFIABLE', details: { status, buybackId: buyback.id } });
}

describe('a web buyback pre-declared for a drop in store', () => {
  it('is verifiable by a store seller (HEAD 200, no body); GET says the step, when it was declared and until when its prices hold', async () => {
    const buyback = await predeclared();
    expect(buyback.status).toBe('bb_awaiting_store_drop');

    const answer = await head(seller, buyback.identificationNumber);
    expect(answer.status).toBe(200);
    expect(answer.body).toBeNull();

    const detail = await expectOk(seller.get(`/buybacks/${buyback.id}`));
    const body = await expectOk(check(seller, buyback.identificationNumber));
    expect(body).toEqual({
      id: buyback.id,
      identificationNumber: buyback.identificationNumber,
      status: 'bb_awaiting_store_drop',
      channel: 'web',
      nextCommand: 'FinalizeBuybackInStore',
      declaredAt: detail.createdAt,
      pricesValidUntil: new Date(Date.parse(detail.createdAt) + 15 * DAY_MS).toISOString(),
    });
  });

  it('is verifiable by a retailer manager who may finalize it, and by no one whose step it is not (warehouse, buyer: 409 with its status)', async () => {
    const buyback = await predeclared();
    expect((await head(retailer, buyback.identificationNumber)).status).toBe(200);
    await expectNotVerifiable(warehouse, buyback, 'bb_awaiting_store_drop');
    await expectNotVerifiable(buyer, buyback, 'bb_awaiting_store_drop');
  });

  it('once finalized in Paris, is in the Paris list (it was not before), awaits shipping there, and is no longer to verify (409)', async () => {
    const buyback = await predeclared();
    expect(await listedRow(seller, buyback.identificationNumber)).toBeNull();

    const finalized = await expectOk(seller.post(`/store/${PARIS}/buybacks/${buyback.id}/finalize`, {}));

    expect(finalized.status).toBe('bb_awaiting_inventory');
    const row = await listedRow(seller, buyback.identificationNumber);
    expect(row).toMatchObject({ id: buyback.id, storeId: PARIS, status: 'bb_awaiting_inventory', channel: 'web' });
    expect(row?.allowedCommands).toContain('ShipBuyback');
    await expectNotVerifiable(seller, buyback, 'bb_awaiting_inventory');
    const again = await seller.post(`/store/${PARIS}/buybacks/${buyback.id}/finalize`, {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('BUYBACK_TRANSITION_NOT_ALLOWED');
  });

  it('once finalized in another store (Lyon), names nothing the Paris seller may see: 404, as an unknown code', async () => {
    const buyback = await predeclared();
    await expectOk(retailer.post(`/store/${LYON}/buybacks/${buyback.id}/finalize`, {}));

    const answer = await check(seller, buyback.identificationNumber);
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('BUYBACK_CODE_NOT_FOUND');
    expect((await head(seller, buyback.identificationNumber)).status).toBe(404);
  });

  it('cancelled, answers 409 with its status to whoever still sees it (the retailer), 404 to a store (it no longer awaits a drop)', async () => {
    const buyback = await predeclared();
    await expectOk(seller.post(`/buybacks/${buyback.id}/cancel`, { reason: 'customer_retractation', comment: 'Ne viendra pas' }));
    await expectNotVerifiable(retailer, buyback, 'bb_cancelled');
    expect((await check(seller, buyback.identificationNumber)).body.code).toBe('BUYBACK_CODE_NOT_FOUND');
  });
});

describe('a buyback on its way to the warehouse', () => {
  it('is the warehouse’s to verify while in transit (CheckInBuyback, no price validity), not the store’s; checked in, no one’s', async () => {
    const buyback = await createStoreBuyback(seller, PARIS, { paymentType: 'bank_transfer' });
    await expectNotVerifiable(seller, buyback, 'bb_awaiting_inventory');
    await expectNotVerifiable(warehouse, buyback, 'bb_awaiting_inventory');

    await expectOk(seller.post(`/buybacks/${buyback.id}/ship`, { trackingNumber: null, trackingLink: null }));
    await expectNotVerifiable(seller, buyback, 'bb_in_transit');
    expect((await head(warehouse, buyback.identificationNumber)).status).toBe(200);
    expect(await expectOk(check(warehouse, buyback.identificationNumber))).toMatchObject({
      id: buyback.id,
      status: 'bb_in_transit',
      channel: 'store',
      nextCommand: 'CheckInBuyback',
      pricesValidUntil: null,
    });

    await expectOk(warehouse.post(`/buybacks/${buyback.id}/check-in`, {}));
    await expectNotVerifiable(warehouse, buyback, 'bb_in_processing');
  });
});

describe('codes that name nothing the caller may see', () => {
  it('answers the specification’s errors: a wrong check digit or an unknown code 404 "not recognised", a malformed code 400', async () => {
    const buyback = await predeclared();
    const code = buyback.identificationNumber;
    const wrongCheckDigit = code.slice(0, 12) + String((Number(code[12]) + 1) % 10);
    const unknown = identificationNumberFrom('299999999999');

    for (const value of [wrongCheckDigit, unknown]) {
      const answer = await check(seller, value);
      expect(answer.status, value).toBe(404);
      expect(answer.body).toMatchObject({ code: 'BUYBACK_CODE_NOT_FOUND', message: "Ce code reprise n'est pas reconnu." });
      expect((await head(seller, value)).status).toBe(404);
    }
    expect((await check(seller, '12345abc67890')).body.code).toBe('BUYBACK_CODE_NOT_NUMERIC');
    expect((await check(seller, code.slice(0, 12)).then((a) => [a.status, a.body.code]))).toEqual([400, 'BUYBACK_CODE_LENGTH']);
  });

  it('answers another tenant’s store seller 404 for a Demo Retail code, exactly as for a code that exists nowhere', async () => {
    const buyback = await predeclared();
    const unknown = identificationNumberFrom('299999999998');

    const foreign = await check(otherSeller, buyback.identificationNumber);
    const nowhere = await check(otherSeller, unknown);

    expect(foreign.status).toBe(404);
    expect((await head(otherSeller, buyback.identificationNumber)).status).toBe(404);
    expect(JSON.stringify(foreign.body).split(buyback.identificationNumber).join('<code>')).toBe(JSON.stringify(nowhere.body).split(unknown).join('<code>'));
    expect(JSON.stringify(foreign.body)).not.toContain(buyback.id);
  });

  it('refuses a storefront visitor (no buyback.read): 403 before any lookup', async () => {
    const buyback = await predeclared();
    const answer = await check(visitor, buyback.identificationNumber);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('ACCESS_DENIED');
  });
});
