import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../support/test-platform.js';
import { creationBody, PARIS } from '../support/buyback-fixtures.js';

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(async () => {
  await t?.close();
});

describe('the buyback journey through the API', () => {
  it('a store seller finds a product, gets a price, registers a buyback, sees it listed with its history, and cancels it', async () => {
    const seller = await t.login('seller@demo.test');
    const search = await seller.get('/products?search=iphone%2015');
    expect(search.status).toBe(200);
    expect(search.body.items.length).toBeGreaterThan(0);
    const product = search.body.items[0];

    const body = await creationBody(seller, { productId: product.id, paymentType: 'bank_transfer' });
    const estimate = await seller.post('/estimates', { productId: product.id, responses: body.responses });
    expect(estimate.status).toBe(200);
    expect(estimate.body.grade).toBe('grade_a');
    expect(Number.isInteger(estimate.body.price.amountInCents)).toBe(true);

    const created = await seller.post(`/store/${PARIS}/buybacks`, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.identificationNumber).toMatch(/^2\d{12}$/);
    expect(created.body.status).toBe('bb_awaiting_inventory');

    const list = await seller.get('/buybacks');
    expect(list.status).toBe(200);
    expect(list.body.items.map((b: { id: string }) => b.id)).toContain(created.body.id);

    const detail = await seller.get(`/buybacks/${created.body.id}`);
    expect(detail.body.declaredPrice).toEqual(estimate.body.price);
    expect(detail.body.customer.lastName).toBe('Durand');
    expect(detail.headers.get('etag')).toBe('W/"0"');

    const cancelled = await seller.post(`/buybacks/${created.body.id}/cancel`, { reason: 'customer_retractation', comment: 'Changed their mind' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.status).toBe('bb_cancelled');

    const again = await seller.post(`/buybacks/${created.body.id}/cancel`, { reason: 'other', comment: 'again' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('BUYBACK_CANCELLED');

    const history = await seller.get(`/buybacks/${created.body.id}/history`);
    expect(history.body.items.map((e: { type: string }) => e.type)).toEqual(['BuybackRegistered', 'BuybackCancelled']);
    expect(history.body.items[1]).toMatchObject({
      reason: 'customer_retractation',
      comment: 'Changed their mind',
      statusBefore: 'bb_awaiting_inventory',
      statusAfter: 'bb_cancelled',
      user: { name: expect.any(String) },
    });
  });
});
