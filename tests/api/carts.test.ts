import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { creationBody, customer, PARIS } from '../support/buyback-fixtures.js';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';

/**
 * A cart registers several devices of one customer as one: all or none. The
 * specification's calls: POST /carts {buybacks}, its checkout (resumable),
 * and GET /buyback-settings.
 */
let t: TestPlatform;
let visitor: ApiClient;
let seller: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  visitor = await t.anonymous();
  seller = await t.login('seller@demo.test');
});
afterAll(async () => {
  await t?.close();
});

/** A web declaration of a product (its customer left out: the cart's checkout gives it). */
async function declaration(productId: string = DEMO_IDS.products.iphone15_128) {
  const { customer: _customer, ...body } = await creationBody(visitor, { channel: 'web', productId, paymentType: 'bank_transfer' });
  return body;
}

describe('Given a storefront visitor with two devices', () => {
  it('when the cart is created with the customer, then both buybacks are registered at once and each is e-mailed', async () => {
    const cart = await visitor.post('/carts', { buybacks: [await declaration(), await declaration(DEMO_IDS.products.pixel7_128)], customer: customer({ lastName: 'Panier' }) });

    expect(cart.status, JSON.stringify(cart.body)).toBe(201);
    expect(cart.body.buybacks).toHaveLength(2);
    const [first, second] = cart.body.buybacks;
    expect(first.identificationNumber).not.toBe(second.identificationNumber);
    for (const buyback of cart.body.buybacks) {
      const [registered] = await t.platform.eventStore.readStream(`buyback-${buyback.id}`);
      expect(registered?.data).toMatchObject({ identificationNumber: buyback.identificationNumber, channel: 'web' });
      expect(t.mailer.sent.some((m) => m.template === 'buybackConfirmation' && m.subject.includes(buyback.identificationNumber))).toBe(true);
    }
  });

  it('when one of the devices cannot be registered, then none is: nothing is written', async () => {
    const good = await declaration();
    const bad = { ...(await declaration()), circuitId: randomUUID() };
    const head = await t.platform.eventStore.lastGlobalPosition();

    const refused = await visitor.post('/carts', { buybacks: [good, bad], customer: customer() });

    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('CIRCUIT_NOT_AVAILABLE');
    // The first test's buybacks may still get their followers' events (payments…) meanwhile: none of what follows is a buyback or a cart.
    const after = await t.platform.eventStore.readAll({ after: head, maxCount: 1_000 });
    expect(after.filter((event) => /^(buyback|cart)-/.test(event.streamName) && /^(BuybackRegistered|Cart)/.test(event.type)).map((e) => e.type)).toEqual([]);
  });

  it('when the customer’s details are wrong at checkout, then nothing is registered and the cart can be checked out once corrected', async () => {
    const cart = await visitor.post('/carts', { buybacks: [await declaration(), await declaration()] });
    expect(cart.status).toBe(201);
    expect(cart.body.buybacks).toBeNull();
    const head = await t.platform.eventStore.lastGlobalPosition();

    const wrong = await visitor.post(`/carts/${cart.body.cartId}/checkout`, { customer: customer({ iban: 'FR00' }) });
    expect(wrong.status).toBe(400);
    expect(await t.platform.eventStore.lastGlobalPosition()).toBe(head);

    const checkedOut = await visitor.post(`/carts/${cart.body.cartId}/checkout`, { customer: customer() });
    expect(checkedOut.status, JSON.stringify(checkedOut.body)).toBe(200);
    expect(checkedOut.body.buybacks).toHaveLength(2);

    // Resumed (a second tab, a retry): the same buybacks, nothing more written.
    const again = await visitor.post(`/carts/${cart.body.cartId}/checkout`, { customer: customer() });
    expect(again.body.buybacks.map((b: { id: string }) => b.id)).toEqual(checkedOut.body.buybacks.map((b: { id: string }) => b.id));
    const shown = await visitor.get(`/carts/${cart.body.cartId}`);
    expect(shown.body.buybacks.map((b: { id: string }) => b.id)).toEqual(checkedOut.body.buybacks.map((b: { id: string }) => b.id));
    expect(shown.body.items).toHaveLength(2);
  });

  it('when a store seller or another visitor’s tenant asks for the cart, then it is not found', async () => {
    const cart = await visitor.post('/carts', { buybacks: [await declaration()] });
    expect((await seller.get(`/carts/${cart.body.cartId}`)).status).toBe(404);
  });
});

describe('Given a retailer without the multi-product cart (Other Retail)', () => {
  it('when a seller puts two devices in a cart, then it is refused: one at most', async () => {
    const other = await t.login('seller@other.test');
    const body = await creationBody(other, { productId: DEMO_IDS.products.otherIphone13_128 });
    const { customer: _c, ...device } = body;
    const refused = await other.post('/carts', { storeId: DEMO_IDS.stores.lille, buybacks: [device, device] });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'CART_TOO_MANY_ITEMS', details: { max: 1 } });
  });
});

describe('a store seller’s cart', () => {
  it('registers in their store', async () => {
    const { customer: _c, ...device } = await creationBody(seller, { paymentType: 'bank_transfer' });
    const cart = await seller.post('/carts', { storeId: PARIS, buybacks: [device, device], customer: customer() });
    expect(cart.status, JSON.stringify(cart.body)).toBe(201);
    const detail = await seller.get(`/buybacks/${cart.body.buybacks[0].id}`);
    expect(detail.body).toMatchObject({ channel: 'store', storeId: PARIS });
  });
});

describe('GET /buyback-settings', () => {
  it('gives a storefront visitor’s guest cart the fixed settings, and staff their retailer’s', async () => {
    expect((await visitor.get('/buyback-settings')).body).toEqual({ customer_identity_document_required: true, customer_id_collection_enabled: false, cart_min_value: 0, cart_max_items: 200, cart_shown: false });
    const other = await t.login('seller@other.test');
    expect((await other.get('/buyback-settings')).body).toEqual({ customer_identity_document_required: false, customer_id_collection_enabled: false, cart_min_value: 0, cart_max_items: 1, cart_shown: false });
  });
});
