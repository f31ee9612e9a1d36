import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { luhnCheckDigit } from '../../domain/values/imei.js';

let t: TestPlatform;
let seller: ApiClient;
let otherSeller: ApiClient;
let visitor: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  [seller, otherSeller, visitor] = await Promise.all([t.login('seller@demo.test'), t.login('seller@other.test'), t.anonymous()]);
});
afterAll(async () => {
  await t?.close();
});

/** A well-formed 15-digit IMEI (Luhn check digit included) on the given TAC. */
function imeiOn(tac: string, serial = '123456'): string {
  const payload = tac + serial;
  return payload + String(luhnCheckDigit(payload));
}

describe('Given a product that collects IMEIs and the TAC codes of its model', () => {
  it('When a seller searches by an IMEI of that model, then the product is found', async () => {
    const product = await seller.get(`/products/${DEMO_IDS.products.iphone15_128}`);
    const tac = (product.body.tacCodes as string[])[0] as string;

    const found = await seller.get(`/products/by-imei?imei=${imeiOn(tac)}`);

    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body).toMatchObject({ imei: imeiOn(tac), tac });
    expect(found.body.items.map((p: { id: string }) => p.id)).toEqual([DEMO_IDS.products.iphone15_128]);
    expect(found.body.items[0]).not.toHaveProperty('searchText');
  });

  it('When a storefront visitor searches by the same IMEI, then they find it too', async () => {
    const product = await seller.get(`/products/${DEMO_IDS.products.iphone15_128}`);
    const found = await visitor.get(`/products/by-imei?imei=${imeiOn(product.body.tacCodes[0])}`);

    expect(found.status).toBe(200);
    expect(found.body.items).toHaveLength(1);
  });

  it('When another retailer, without the IMEI search premium feature, searches by that IMEI, then it is refused', async () => {
    const product = await seller.get(`/products/${DEMO_IDS.products.iphone15_128}`);
    const found = await otherSeller.get(`/products/by-imei?imei=${imeiOn(product.body.tacCodes[0])}`);

    expect(found.status).toBe(403);
    expect(found.body).toMatchObject({ code: 'PREMIUM_FEATURE_NOT_ENABLED', details: { feature: 'imei_search_and_collect' } });
  });

  it('When the IMEI names an unknown model, then the answer is an empty list', async () => {
    const found = await seller.get(`/products/by-imei?imei=${imeiOn('01000000')}`);

    expect(found.status).toBe(200);
    expect(found.body.items).toEqual([]);
  });

  it('When the IMEI is not well formed, then the field error names imei with the IMEI rule that failed', async () => {
    const tooShort = await seller.get('/products/by-imei?imei=35123');
    const badCheckDigit = await seller.get(`/products/by-imei?imei=${imeiOn('35000000').slice(0, 14)}${(Number(imeiOn('35000000').slice(14)) + 1) % 10}`);

    expect(tooShort.status).toBe(400);
    expect(tooShort.body.code).toBe('VALIDATION_FAILED');
    expect(tooShort.body.details.fields).toEqual([expect.objectContaining({ field: 'imei', code: 'IMEI_TOO_SHORT', min: 15 })]);
    expect(badCheckDigit.body.details.fields).toEqual([expect.objectContaining({ field: 'imei', code: 'IMEI_CHECK_DIGIT_INVALID' })]);
  });
});
