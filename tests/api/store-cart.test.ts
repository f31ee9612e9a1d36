import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { creationBody, customer, PARIS } from '../support/buyback-fixtures.js';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';

/**
 * The dashboard's cart of a store (issue 24): several devices of one
 * customer registered in one step, only in a store whose "show cart" flag is
 * on (the demo's Paris store; Lyon's is off until its administrator switches
 * it on), and each cart its seller's alone.
 */
let t: TestPlatform;
let seller: ApiClient;
let retailer: ApiClient;
const LYON = DEMO_IDS.stores.lyon;

beforeAll(async () => {
  t = await startTestPlatform();
  seller = await t.login('seller@demo.test');
  retailer = await t.login('retailer@demo.test');
});
afterAll(async () => {
  await t?.close();
});

async function device(client: ApiClient, productId?: string) {
  const { customer: _c, ...declaration } = await creationBody(client, { paymentType: 'voucher', ...(productId ? { productId } : {}) });
  return declaration;
}

const mergePatch = (client: ApiClient, id: string, body: object, etag: string) =>
  client.request('PATCH', `/organizations/${id}`, JSON.stringify(body), { 'Content-Type': 'application/merge-patch+json', 'If-Match': etag });

describe('Given the Paris store, which shows the cart', () => {
  it('when its seller asks for the buyback settings, then the cart is shown and takes 200 devices', async () => {
    expect((await seller.get('/buyback-settings')).body).toMatchObject({ cart_shown: true, cart_max_items: 200 });
  });

  it('when its seller keeps three devices, then another user of the store (seller or manager) can neither read nor register the cart, and nothing is written; the seller registers all three in one step', async () => {
    const devices = [await device(seller), await device(seller, DEMO_IDS.products.pixel7_128), await device(seller)];
    const kept = await seller.post('/carts', { storeId: PARIS, buybacks: devices });
    expect(kept.status, JSON.stringify(kept.body)).toBe(201);
    const cartId = kept.body.cartId as string;

    // Signing in writes events of its own: the others sign in first.
    const others = [await t.login('paris-seller@demo.test'), await t.login('manager@demo.test')];
    const head = await t.platform.eventStore.lastGlobalPosition();
    for (const other of others) {
      const read = await other.get(`/carts/${cartId}`, { 'Accept-Language': 'en-GB' });
      expect(read.status).toBe(404);
      expect(read.body.code).toBe('CART_NOT_FOUND');
      expect((await other.post(`/carts/${cartId}/checkout`, { customer: customer() })).status).toBe(404);
    }
    expect(await t.platform.eventStore.lastGlobalPosition()).toBe(head);

    const done = await seller.post(`/carts/${cartId}/checkout`, { customer: customer({ lastName: 'Comptoir' }) });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.buybacks).toHaveLength(3);
    expect(new Set(done.body.buybacks.map((b: { identificationNumber: string }) => b.identificationNumber)).size).toBe(3);
    for (const buyback of done.body.buybacks) {
      const detail = await seller.get(`/buybacks/${buyback.id}`);
      expect(detail.body).toMatchObject({ channel: 'store', storeId: PARIS, customer: { lastName: 'Comptoir' } });
    }
  });
});

describe('Given the Lyon store, whose cart is not shown', () => {
  it('when its seller puts two devices in one cart, then it is refused (one at most) until the administrator switches the store’s "show cart" flag on, recorded in its history', async () => {
    const lyonSeller = await t.login('lyon-seller@demo.test');
    expect((await lyonSeller.get('/buyback-settings')).body).toMatchObject({ cart_shown: false, cart_max_items: 1 });
    const two = [await device(lyonSeller), await device(lyonSeller)];

    const refused = await lyonSeller.post('/carts', { storeId: LYON, buybacks: two, customer: customer() }, { 'Accept-Language': 'en-GB' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'CART_TOO_MANY_ITEMS', details: { max: 1 } });
    expect(refused.body.message).toMatch(/1/);
    expect((await lyonSeller.post('/carts', { storeId: LYON, buybacks: [two[0]], customer: customer() })).status).toBe(201);

    const before = await retailer.get(`/organizations/${LYON}`);
    expect(before.body.showCart).toBe(false);
    const on = await mergePatch(retailer, LYON, { showCart: true, reason: 'Panier au comptoir' }, before.headers.get('etag') as string);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const history = (await retailer.get(`/organizations/${LYON}/history`)).body.items;
    expect(history.at(-1)).toMatchObject({ type: 'OrganizationChanged', reason: 'Panier au comptoir', changes: { showCart: { from: false, to: true } } });

    expect((await lyonSeller.get('/buyback-settings')).body).toMatchObject({ cart_shown: true, cart_max_items: 200 });
    const accepted = await lyonSeller.post('/carts', { storeId: LYON, buybacks: two, customer: customer() });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body.buybacks).toHaveLength(2);
  });

});
