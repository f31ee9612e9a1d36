import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDomainEvent, toNewEvent } from '../../application/events/codec.js';
import type { CatalogService } from '../../application/catalog/catalog-service.js';
import { CATALOG_STREAMS } from '../../application/catalog/streams.js';
import { TOKENS } from '../../application/tokens.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { luhnCheckDigit } from '../../domain/values/imei.js';
import { expectOk } from '../support/api-helpers.js';
import { bestResponses, creationBody, customer } from '../support/buyback-fixtures.js';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';

/**
 * The price a customer sees and the premium features that gate it (issue 21,
 * "Pricing with the premium features"): each gate said with and without its
 * feature, Demo Retail's features narrowed by the provider and restored.
 */
const IPHONE_15 = DEMO_IDS.products.iphone15_128;
const DEMO = DEMO_IDS.accounts.demo;
const ALL_FEATURES = ['imei_search_and_collect', 'absorption', 'multi_product_cart', 'payment_bonus'];

let t: TestPlatform;
let admin: ApiClient;
let retailer: ApiClient;
let seller: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  [admin, retailer, seller] = await Promise.all([t.login('admin@demo.test'), t.login('retailer@demo.test', 'root'), t.login('seller@demo.test')]);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function demoFeatures(features: string[]): Promise<void> {
  await expectOk(admin.patch(`/organization-root-details/${DEMO}`, { enabledPremiumFeatures: features }));
}

function imeiOn(tac: string): string {
  const payload = `${tac}123456`;
  return payload + String(luhnCheckDigit(payload));
}

async function estimate(body: Record<string, unknown> = {}) {
  const responses = await bestResponses(seller, IPHONE_15);
  return expectOk(seller.post('/estimates', { productId: IPHONE_15, responses, ...body }));
}

describe('Given a payment mode with a 10 % bonus capped at 5 €', () => {
  const VOUCHER = DEMO_IDS.paymentModes.demo.voucher;

  it('when the retailer has payment_bonus, the estimate pays the bonus; without it, the price alone', async () => {
    const mode = await expectOk(retailer.get(`/payment-modes/${VOUCHER}`));
    await expectOk(retailer.patch(`/payment-modes/${VOUCHER}`, { modifier: { kind: 'percentage', percent: 10, capInCents: 500 } }, { 'If-Match': `W/"${mode.revision}"` }));

    const withBonus = await estimate();
    const voucher = withBonus.payments.find((p: { paymentModeId: string }) => p.paymentModeId === VOUCHER);
    // 10 % of the iPhone 15's price is far above 5 €: the cap holds.
    expect(voucher.adjustment).toEqual({ amountInCents: 500, currency: 'EUR' });
    expect(voucher.amount.amountInCents).toBe(withBonus.price.amountInCents + 500);

    await demoFeatures(ALL_FEATURES.filter((f) => f !== 'payment_bonus'));
    const without = await estimate();
    const plain = without.payments.find((p: { paymentModeId: string }) => p.paymentModeId === VOUCHER);
    expect(plain.adjustment.amountInCents).toBe(0);
    expect(plain.amount).toEqual(without.price);
    await demoFeatures(ALL_FEATURES);
  });
});

describe('Given a circuit with a bonus to the customer', () => {
  it('when the estimate names it, its bonus is said and added to every payment; a circuit not offered is refused', async () => {
    const options = await expectOk(seller.get(`/products/${IPHONE_15}/buyback-options?channel=store`));
    const circuitId = options.circuits[0].id as string;
    const stream = CATALOG_STREAMS.circuit.name(circuitId);
    const [last] = (await t.platform.eventStore.readStream(stream)).slice(-1);
    const event = toDomainEvent(last!);
    const metadata = { ...last!.metadata, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString(), idempotency: null };
    const appended = await t.platform.eventStore.appendToStream(
      stream,
      [toNewEvent({ type: event.type, data: { ...event.data, customerBonusInCents: 1_000 } }, randomUUID(), metadata)],
      last!.streamRevision,
    );
    expect(await t.platform.runner.waitFor(appended.lastGlobalPosition, 10_000)).toBe(true);

    const after = await expectOk(seller.get(`/products/${IPHONE_15}/buyback-options?channel=store`));
    expect(after.circuits.find((c: { id: string }) => c.id === circuitId).customerBonusInCents).toBe(1_000);
    const plain = await estimate();
    const withCircuit = await estimate({ circuitId });
    expect(plain.circuitBonus).toBeNull();
    expect(withCircuit.circuitBonus).toEqual({ amountInCents: 1_000, currency: 'EUR' });
    for (const payment of withCircuit.payments) {
      const before = plain.payments.find((p: { paymentModeId: string }) => p.paymentModeId === payment.paymentModeId);
      expect(payment.amount.amountInCents).toBe(before.amount.amountInCents + 1_000);
    }
    const refused = await seller.post('/estimates', { productId: IPHONE_15, responses: await bestResponses(seller, IPHONE_15), circuitId: randomUUID() });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('ESTIMATE_CIRCUIT_NOT_AVAILABLE');
  });
});

describe('The estimate says each answer that changes the price', () => {
  it('in the caller’s language, with its amount; the price is the grade’s plus the impacts', async () => {
    const questions = await expectOk(seller.get(`/products/${IPHONE_15}/diagnostic-questions`));
    const accessories = questions.items.find((q: { title: string }) => q.title === 'Accessoires fournis');
    const box = accessories.answers.find((a: { title: string }) => a.title === "Boîte d'origine");
    const responses = (await bestResponses(seller, IPHONE_15)).map((r) => (r.questionId === accessories.id ? { ...r, answerIds: [box.id] } : r));

    const english = await expectOk(seller.post('/estimates', { productId: IPHONE_15, responses }, { 'Accept-Language': 'en-GB' }));
    expect(english.impacts).toEqual([{ questionId: accessories.id, answerId: box.id, label: 'Original box', amount: { amountInCents: 500, currency: 'EUR' } }]);
    expect(english.price.amountInCents).toBe(english.basePrice.amountInCents + 500);
    const german = await expectOk(seller.post('/estimates', { productId: IPHONE_15, responses }, { 'Accept-Language': 'de-DE' }));
    expect(german.impacts[0].label).toBe('Originalverpackung');
  });
});

describe('The absorption at the check', () => {
  it('applies the category’s rule with the absorption feature, and none without it', async () => {
    const catalog = t.platform.container.resolve<CatalogService>(TOKENS.CatalogService);
    const smartphones = DEMO_IDS.categories.appleIphone;
    expect(await catalog.absorptionRule(DEMO, smartphones)).toEqual({ type: 'percentage_of_declared_price', value: 10, maxAbsorbedAmountInCents: 2_000 });
    await demoFeatures(ALL_FEATURES.filter((f) => f !== 'absorption'));
    expect(await catalog.absorptionRule(DEMO, smartphones)).toEqual({ type: 'none', value: 0, maxAbsorbedAmountInCents: null });
    await demoFeatures(ALL_FEATURES);
  });
});

describe('The IMEI search and collection', () => {
  it('with imei_search_and_collect, a search by IMEI and a buyback with one are accepted; without it, both are refused', async () => {
    const product = await expectOk(seller.get(`/products/${IPHONE_15}`));
    const imei = imeiOn(product.tacCodes[0]);
    expect((await seller.get(`/products/by-imei?imei=${imei}`)).status).toBe(200);

    await demoFeatures(ALL_FEATURES.filter((f) => f !== 'imei_search_and_collect'));
    const search = await seller.get(`/products/by-imei?imei=${imei}`, { 'Accept-Language': 'en-GB' });
    expect(search.status).toBe(403);
    expect(search.body).toMatchObject({ code: 'PREMIUM_FEATURE_NOT_ENABLED', details: { feature: 'imei_search_and_collect' } });
    expect(search.body.message).toMatch(/premium/i);
    const head = await t.platform.eventStore.lastGlobalPosition();
    const body = await creationBody(seller, { paymentType: 'voucher' });
    const registered = await seller.post(`/store/${DEMO_IDS.stores.paris}/buybacks`, { ...body, imei });
    expect(registered.status, JSON.stringify(registered.body)).toBe(403);
    expect(registered.body.details).toMatchObject({ feature: 'imei_search_and_collect', field: 'imei' });
    expect(await t.platform.eventStore.lastGlobalPosition()).toBe(head);
    await demoFeatures(ALL_FEATURES);
  });
});

describe('The multi-product cart', () => {
  it('with multi_product_cart, two devices go in one cart; without it, one at most', async () => {
    const { customer: _c, ...device } = await creationBody(seller, { paymentType: 'voucher' });
    const two = await seller.post('/carts', { storeId: DEMO_IDS.stores.paris, buybacks: [device, device] });
    expect(two.status, JSON.stringify(two.body)).toBe(201);

    await demoFeatures(ALL_FEATURES.filter((f) => f !== 'multi_product_cart'));
    const refused = await seller.post('/carts', { storeId: DEMO_IDS.stores.paris, buybacks: [device, device], customer: customer() });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'CART_TOO_MANY_ITEMS', details: { max: 1 } });
    await demoFeatures(ALL_FEATURES);
  });
});
