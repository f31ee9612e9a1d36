import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkSecrets } from '../../application/ports/link-secrets.js';
import { TOKENS } from '../../application/tokens.js';
import { BUYBACK_STREAMS } from '../../application/buybacks/streams.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { creationBody, customer, PARIS } from '../support/buyback-fixtures.js';
import { labelReadiness } from '../support/logistics-helpers.js';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { MovableClock } from '../support/movable-clock.js';

/**
 * A cart is its creator's (issue 18): another visitor's token, or another
 * user, gets 404 on it, whatever they do with it, and the owner's checkout
 * is untouched by them. The documents token a checkout answers opens one
 * buyback's label, until it expires (the platform's clock is moved here).
 */

const TTL_DAYS = 2;
const clock = new MovableClock();
let t: TestPlatform;
let owner: ApiClient;
let stranger: ApiClient;
let seller: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform({ documentsLinkTtlDays: TTL_DAYS }, { clock });
  [owner, stranger, seller] = await Promise.all([t.anonymous(), t.anonymous(), t.login('seller@demo.test')]);
});
afterAll(async () => {
  await t?.close();
});

/** A storefront declaration the customer posts themselves (so each buyback has a shipping label), without the customer. */
async function postedDevice(productId: string = DEMO_IDS.products.iphone15_128) {
  const { customer: _customer, ...declaration } = await creationBody(owner, { channel: 'web', productId, circuitType: 'web_post', paymentType: 'bank_transfer' });
  return declaration;
}

const shippingLabel = (buybackId: string, token: string) => `/buybacks/${buybackId}/shipping-label?token=${encodeURIComponent(token)}`;

describe('Given a visitor’s cart of two devices, kept for later', () => {
  let cartId: string;

  beforeAll(async () => {
    const kept = await owner.post('/carts', { buybacks: [await postedDevice(), await postedDevice(DEMO_IDS.products.pixel7_128)] });
    expect(kept.status, JSON.stringify(kept.body)).toBe(201);
    cartId = kept.body.cartId;
  });

  it('then its creation records who created it: the visitor’s pseudonymous id, not their token', async () => {
    const [created] = await t.platform.eventStore.readStream(BUYBACK_STREAMS.cart.name(cartId));
    expect(created?.type).toBe('CartCreated.v2');
    const owned = (created?.data as { owner: { kind: string; visitorId: string } }).owner;
    expect(owned.kind).toBe('visitor');
    expect(owned.visitorId).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(created)).not.toContain(owner.token);
  });

  it('when another visitor reads it, checks it out, or keeps a cart with the same Idempotency-Key, then the cart is not found and nothing of it changes', async () => {
    const head = await t.platform.eventStore.lastGlobalPosition();

    const read = await stranger.get(`/carts/${cartId}`, { 'Accept-Language': 'en-GB' });
    expect([read.status, read.body.code, read.body.message]).toEqual([404, 'CART_NOT_FOUND', 'This basket cannot be found.']);
    const checkout = await stranger.post(`/carts/${cartId}/checkout`, { customer: customer({ lastName: 'Usurpateur' }) }, { 'Idempotency-Key': randomUUID() });
    expect([checkout.status, checkout.body.code]).toEqual([404, 'CART_NOT_FOUND']);
    expect(await t.platform.eventStore.lastGlobalPosition()).toBe(head);
    // A staff member of the retailer is another principal too.
    expect((await seller.get(`/carts/${cartId}`)).status).toBe(404);
    expect((await seller.post(`/carts/${cartId}/checkout`, { customer: customer() })).status).toBe(404);
    expect(await t.platform.eventStore.lastGlobalPosition()).toBe(head);
  });

  it('when the owner checks it out afterwards, then both devices are registered for the owner’s customer, and the other visitor still cannot read it nor its documents tokens', async () => {
    const done = await owner.post(`/carts/${cartId}/checkout`, { customer: customer({ lastName: 'Proprietaire' }) });

    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.buybacks).toHaveLength(2);
    const retailer = await t.login('retailer@demo.test', 'root');
    for (const buyback of done.body.buybacks) {
      expect(buyback.documentsToken).toEqual(expect.any(String));
      const detail = await retailer.get(`/buybacks/${buyback.id}`);
      expect(detail.body.customer.lastName).toBe('Proprietaire');
    }
    const read = await stranger.get(`/carts/${cartId}`);
    expect(read.status).toBe(404);
    expect(JSON.stringify(read.body)).not.toContain(done.body.buybacks[0].id);
    const shown = await owner.get(`/carts/${cartId}`);
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect(shown.body.buybacks.map((b: { id: string }) => b.id)).toEqual(done.body.buybacks.map((b: { id: string }) => b.id));
  });
});

describe('Given a visitor who keeps a cart with an Idempotency-Key', () => {
  it('when another visitor sends the same key, then they get a cart of their own, not the first one', async () => {
    const key = randomUUID();
    const devices = { buybacks: [await postedDevice()] };
    const first = await owner.post('/carts', devices, { 'Idempotency-Key': key });
    const second = await stranger.post('/carts', devices, { 'Idempotency-Key': key });

    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect(second.body.cartId).not.toBe(first.body.cartId);
    expect((await stranger.get(`/carts/${first.body.cartId}`)).status).toBe(404);
    expect((await owner.get(`/carts/${first.body.cartId}`)).status).toBe(200);
  });
});

describe('Given a store seller’s cart', () => {
  it('when another user of the same store reads it or checks it out, then it is not found; its seller checks it out', async () => {
    const { customer: _c, ...device } = await creationBody(seller, { paymentType: 'bank_transfer' });
    const kept = await seller.post('/carts', { storeId: PARIS, buybacks: [device] });
    expect(kept.status, JSON.stringify(kept.body)).toBe(201);
    const manager = await t.login('manager@demo.test');

    expect((await manager.get(`/carts/${kept.body.cartId}`)).status).toBe(404);
    expect((await manager.post(`/carts/${kept.body.cartId}/checkout`, { customer: customer() })).status).toBe(404);
    const done = await seller.post(`/carts/${kept.body.cartId}/checkout`, { customer: customer() });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.buybacks).toHaveLength(1);
  });
});

describe('Given carts created before carts recorded their owner (CartCreated.v1)', () => {
  async function legacyCart(userId: string | null, channel: 'web' | 'store'): Promise<string> {
    const cartId = randomUUID();
    const { customer: _c, ...device } = await creationBody(channel === 'web' ? owner : seller, { channel, paymentType: 'bank_transfer' });
    await t.platform.eventStore.appendToStream(
      BUYBACK_STREAMS.cart.name(cartId),
      [
        {
          id: randomUUID(),
          type: 'CartCreated.v1',
          data: { cartId, channel, storeId: channel === 'store' ? PARIS : null, items: [device] },
          metadata: { accountId: DEMO_IDS.accounts.demo, organizationId: null, userId, correlationId: randomUUID(), causationId: null, occurredAt: clock.now() },
        },
      ],
      'no_stream',
    );
    return cartId;
  }

  it('when a visitor’s is asked for, then it is nobody’s: every visitor gets 404', async () => {
    const cartId = await legacyCart(null, 'web');
    for (const visitor of [owner, stranger]) {
      expect((await visitor.get(`/carts/${cartId}`)).status).toBe(404);
      expect((await visitor.post(`/carts/${cartId}/checkout`, { customer: customer() })).status).toBe(404);
    }
  });

  it('when a user’s is asked for, then it is the user its creation names, and only theirs', async () => {
    const cartId = await legacyCart(DEMO_IDS.users.seller, 'store');
    expect((await seller.get(`/carts/${cartId}`)).status).toBe(200);
    expect((await (await t.login('manager@demo.test')).get(`/carts/${cartId}`)).status).toBe(404);
  });
});

describe('Given the documents tokens of a checked-out cart', () => {
  let cartId: string;
  let first: { id: string; documentsToken: string };
  let second: { id: string; documentsToken: string };

  beforeAll(async () => {
    const done = await owner.post('/carts', { buybacks: [await postedDevice(), await postedDevice()], customer: customer({ lastName: 'Etiquette' }) });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    cartId = done.body.cartId;
    [first, second] = done.body.buybacks;
    for (const buyback of [first, second]) expect(await labelReadiness(t.api, `/buybacks/${buyback.id}/shipping-label`)).toBe(200);
  });

  it('when one opens its own buyback’s label, then the PDF is given; another buyback’s token or an altered one is refused, translated', async () => {
    const own = await t.api.get(shippingLabel(first.id, first.documentsToken));
    expect([own.status, own.headers.get('content-type')]).toEqual([200, 'application/pdf']);

    const crossed = await t.api.get(shippingLabel(first.id, second.documentsToken), { 'Accept-Language': 'en-GB' });
    expect([crossed.status, crossed.body.code, crossed.body.message]).toEqual([404, 'DOCUMENTS_LINK_INVALID', "This link to the buyback's documents is not valid."]);
    const [expiry, signature] = first.documentsToken.split('.') as [string, string];
    const tampered = [
      `${Number(expiry) + 86_400 * 365}.${signature}`, // a later expiry under the same signature
      `${expiry}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      'x',
    ];
    for (const token of tampered) {
      const refused = await t.api.get(shippingLabel(first.id, token), { 'Accept-Language': 'fr-FR' });
      expect([refused.status, refused.body.code], token).toEqual([404, 'DOCUMENTS_LINK_INVALID']);
      expect(refused.body.message).toBe("Ce lien vers les documents de la reprise n'est pas valide.");
    }
    // Without a token, nobody but staff who may open the buyback.
    expect((await t.api.get(`/buybacks/${first.id}/shipping-label`)).body.code).toBe('BUYBACK_NOT_FOUND');
  });

  it('when a token of the first shape (the bare HMAC of the buyback, which never expired) is used, then it is refused as expired', async () => {
    const firstShape = t.platform.container.resolve<LinkSecrets>(TOKENS.LinkSecrets).secretFor(`buyback-documents:${first.id}`);

    const refused = await t.api.get(shippingLabel(first.id, firstShape));

    expect([refused.status, refused.body.code]).toEqual([410, 'DOCUMENTS_LINK_EXPIRED']);
  });

  it('when its expiry has passed, then it is refused as expired (410, translated); the cart’s owner gets a new one that opens it', async () => {
    clock.advanceDays(TTL_DAYS + 0.01);

    const expired = await t.api.get(shippingLabel(first.id, first.documentsToken), { 'Accept-Language': 'de-DE' });
    expect([expired.status, expired.body.code]).toEqual([410, 'DOCUMENTS_LINK_EXPIRED']);
    expect(expired.body.message).toMatch(/^Dieser Link zu den Unterlagen des Ankaufs ist abgelaufen/);

    const renewed = await owner.get(`/carts/${cartId}`);
    const fresh = renewed.body.buybacks[0].documentsToken as string;
    expect(fresh).not.toBe(first.documentsToken);
    expect((await t.api.get(shippingLabel(first.id, fresh))).status).toBe(200);
    expect((await stranger.get(`/carts/${cartId}`)).status).toBe(404);
  });
});
