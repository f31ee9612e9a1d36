import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { PARIS } from '../support/buyback-fixtures.js';
import {
  createStoreBuyback,
  createWebBuyback,
  expectStatusEverywhere,
  historyOf,
  ISO_UTC,
  listedRow,
  proposalTokenFromMail,
  receivedBuyback,
} from '../support/api-helpers.js';

/** The buyback's own steps in its history (its payment's steps are told there too: tests/api/payment-process.test.ts). */
const buybackStepsOf = async (client: Parameters<typeof historyOf>[0], id: string) => (await historyOf(client, id)).filter((entry) => String(entry.type).startsWith('Buyback'));

/**
 * The Smartphones absorption rule of the demo seed (infrastructure/seed/demo-data.ts, DEMO_CATEGORIES):
 * percentage_of_declared_price, 10 %, capped at 2000 cents. With the iPhone 15 (declared 425 €),
 * 10 % would be 42.50 €: the cap, 20 €, is what limits the absorption.
 */
const ABSORPTION = { percent: 10, capInCents: 2000 };
const SELLER_NAME = 'Lucas Petit';
const WAREHOUSE_NAME = 'Nadia Robert';

let t: TestPlatform;
let seller: ApiClient;
let warehouse: ApiClient;
let visitor: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  [seller, warehouse, visitor] = await Promise.all([
    t.login('seller@demo.test'),
    t.login('warehouse@demo.test', 'rps'),
    t.anonymous(),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const received = (options: Parameters<typeof receivedBuyback>[3] = {}) =>
  receivedBuyback(seller, warehouse, PARIS, { paymentType: 'bank_transfer', ...options });

describe('a store buyback from registration to the warehouse', () => {
  it('is shipped by the store seller, checked in by the warehouse, each step visible at once in the detail and the list', async () => {
    // Given a buyback registered in the Paris store
    const buyback = await createStoreBuyback(seller, PARIS, { paymentType: 'bank_transfer' });
    expect(buyback.status).toBe('bb_awaiting_inventory');
    await expectStatusEverywhere(seller, buyback, 'bb_awaiting_inventory');

    // When the seller ships it with a tracking number
    const shipped = await seller.post(`/buybacks/${buyback.id}/ship`, { trackingNumber: 'COLIS-42', trackingLink: 'https://track.example/COLIS-42' });
    // Then it is in transit for the seller and for the warehouse
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect(shipped.body).toEqual({ id: buyback.id, status: 'bb_in_transit', revision: 1 });
    expect(shipped.headers.get('etag')).toBe('W/"1"');
    const detail = await expectStatusEverywhere(seller, buyback, 'bb_in_transit');
    expect(detail.body.tracking).toEqual({ number: 'COLIS-42', link: 'https://track.example/COLIS-42' });
    await expectStatusEverywhere(warehouse, buyback, 'bb_in_transit');

    // When the warehouse checks it in
    const checkedIn = await warehouse.post(`/buybacks/${buyback.id}/check-in`, {});
    // Then it is being processed
    expect(checkedIn.status, JSON.stringify(checkedIn.body)).toBe(200);
    expect(checkedIn.body.status).toBe('bb_in_processing');
    await expectStatusEverywhere(warehouse, buyback, 'bb_in_processing');
    await expectStatusEverywhere(seller, buyback, 'bb_in_processing');
  });

  it('records who did what, when and what changed, for every step', async () => {
    const buyback = await received();
    const history = await buybackStepsOf(warehouse, buyback.id);
    expect(history.map((e) => e.type)).toEqual(['BuybackRegistered', 'BuybackShipped', 'BuybackCheckedIn']);
    expect(history.map((e) => e.user?.name)).toEqual([SELLER_NAME, SELLER_NAME, WAREHOUSE_NAME]);
    for (const entry of history) expect(entry.at).toMatch(ISO_UTC);
    expect(history.map((e) => [e.statusBefore, e.statusAfter])).toEqual([
      [null, 'bb_awaiting_inventory'],
      ['bb_awaiting_inventory', 'bb_in_transit'],
      ['bb_in_transit', 'bb_in_processing'],
    ]);
    expect(history[0]!.changes.declaredPrice).toEqual({ from: null, to: { amountInCents: buyback.declaredPriceInCents, currency: 'EUR' } });
  });
});

describe('the check at the warehouse', () => {
  it('confirms the declaration: completed by price, the declared price validated', async () => {
    const buyback = await received();
    const completed = await warehouse.post(`/buybacks/${buyback.id}/complete-by-price`, { comment: 'Conforme à la déclaration' });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect(completed.body.status).toBe('bb_completed_by_price');

    const detail = await expectStatusEverywhere(warehouse, buyback, 'bb_completed_by_price');
    expect(detail.body.validatedPrice).toEqual({ amountInCents: buyback.declaredPriceInCents, currency: 'EUR' });
    const last = (await buybackStepsOf(warehouse, buyback.id)).at(-1)!;
    expect(last).toMatchObject({
      type: 'BuybackCompletedByPrice',
      user: { name: WAREHOUSE_NAME },
      comment: 'Conforme à la déclaration',
      changes: { validatedPrice: { from: null, to: { amountInCents: buyback.declaredPriceInCents, currency: 'EUR' } } },
    });
    expect(last.at).toMatch(ISO_UTC);
  });

  it('absorbs a deviation up to the Smartphones rule (10 % of the declared price, capped at 20 €)', async () => {
    const buyback = await received();
    const absorbable = Math.min(Math.round((buyback.declaredPriceInCents * ABSORPTION.percent) / 100), ABSORPTION.capInCents);
    expect(absorbable, 'the cap is what limits the absorption for this product').toBe(ABSORPTION.capInCents);
    const controlled = buyback.declaredPriceInCents - absorbable;

    const absorbed = await warehouse.post(`/buybacks/${buyback.id}/absorb`, { controlledPriceInCents: controlled, comment: 'Rayure légère' });

    expect(absorbed.status, JSON.stringify(absorbed.body)).toBe(200);
    expect(absorbed.body.status).toBe('bb_completed_with_absorption');
    const detail = await expectStatusEverywhere(warehouse, buyback, 'bb_completed_with_absorption');
    expect(detail.body).toMatchObject({
      controlledPrice: { amountInCents: controlled, currency: 'EUR' },
      absorbedAmount: { amountInCents: absorbable, currency: 'EUR' },
      validatedPrice: { amountInCents: buyback.declaredPriceInCents, currency: 'EUR' },
    });
    const last = (await buybackStepsOf(warehouse, buyback.id)).at(-1)!;
    expect(last).toMatchObject({
      type: 'BuybackCompletedWithAbsorption',
      comment: 'Rayure légère',
      changes: { absorbedAmount: { from: null, to: { amountInCents: absorbable, currency: 'EUR' } } },
    });
  });

  it('refuses to absorb one cent beyond the rule with 422 ABSORPTION_EXCEEDS_RULE and writes nothing', async () => {
    const buyback = await received();
    const before = await buybackStepsOf(warehouse, buyback.id);

    const refused = await warehouse.post(`/buybacks/${buyback.id}/absorb`, {
      controlledPriceInCents: buyback.declaredPriceInCents - ABSORPTION.capInCents - 1,
    });

    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('ABSORPTION_EXCEEDS_RULE');
    expect(refused.body.details).toMatchObject({
      deviation: { amountInCents: ABSORPTION.capInCents + 1 },
      absorbable: { amountInCents: ABSORPTION.capInCents },
    });
    await expectStatusEverywhere(warehouse, buyback, 'bb_in_processing');
    expect(await buybackStepsOf(warehouse, buyback.id)).toHaveLength(before.length);
  });

  it('completes a received buyback without a check: completed at the declared price', async () => {
    const buyback = await received();
    const completed = await warehouse.post(`/buybacks/${buyback.id}/complete`, {});
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect(completed.body.status).toBe('bb_completed');
    const detail = await expectStatusEverywhere(warehouse, buyback, 'bb_completed');
    expect(detail.body.validatedPrice).toEqual({ amountInCents: buyback.declaredPriceInCents, currency: 'EUR' });
    expect((await buybackStepsOf(warehouse, buyback.id)).at(-1)).toMatchObject({
      type: 'BuybackCompleted',
      user: { name: WAREHOUSE_NAME },
      changes: { validatedPrice: { from: null, to: { amountInCents: buyback.declaredPriceInCents, currency: 'EUR' } } },
    });
  });
});

describe('a new price proposed to the customer', () => {
  const email = 'negociation@example.com';

  async function proposed(customerEmail: string) {
    const buyback = await received({ customer: { email: customerEmail } });
    const proposedPrice = buyback.declaredPriceInCents - 10_000;
    const proposal = await warehouse.post(`/buybacks/${buyback.id}/propose-new-price`, {
      proposedPriceInCents: proposedPrice,
      reason: 'Écran rayé',
      comment: 'Rayure profonde en haut à gauche',
    });
    expect(proposal.status, JSON.stringify(proposal.body)).toBe(200);
    expect(proposal.body.status).toBe('bb_in_processing');
    return { buyback, proposedPrice, token: proposalTokenFromMail(t.mailer, customerEmail).token };
  }

  it('waits for the customer: still in processing, awaiting their decision, the proposal in the history', async () => {
    const { buyback, proposedPrice } = await proposed(`pending.${email}`);
    const detail = await expectStatusEverywhere(warehouse, buyback, 'bb_in_processing');
    expect(detail.body.awaitingCustomerDecision).toBe(true);
    expect(detail.body.proposal).toMatchObject({ decision: 'pending', proposedPrice: { amountInCents: proposedPrice } });
    expect((await buybackStepsOf(warehouse, buyback.id)).at(-1)).toMatchObject({
      type: 'BuybackNewPriceProposed',
      user: { name: WAREHOUSE_NAME },
      reason: 'Écran rayé',
      comment: 'Rayure profonde en haut à gauche',
      changes: { proposedPrice: { from: null, to: { amountInCents: proposedPrice, currency: 'EUR' } } },
    });
  });

  it('is accepted by the customer from the link: completed with negotiation at the new price', async () => {
    const { buyback, proposedPrice, token } = await proposed(`accept.${email}`);

    const accepted = await t.api.post(`/public/buybacks/${buyback.id}/price-proposal/accept`, { token });

    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toEqual({ id: buyback.id, status: 'bb_completed_with_negociation' });
    const detail = await expectStatusEverywhere(warehouse, buyback, 'bb_completed_with_negociation');
    expect(detail.body.validatedPrice).toEqual({ amountInCents: proposedPrice, currency: 'EUR' });
    const last = (await buybackStepsOf(warehouse, buyback.id)).at(-1)!;
    expect(last).toMatchObject({
      type: 'BuybackNewPriceAccepted',
      user: null,
      changes: { validatedPrice: { from: null, to: { amountInCents: proposedPrice, currency: 'EUR' } }, proposalDecision: { to: 'accepted' } },
    });
    expect(last.at).toMatch(ISO_UTC);
  });

  it('is rejected by the customer from the link: not completed, no price validated', async () => {
    const { buyback, token } = await proposed(`reject.${email}`);

    const rejected = await t.api.post(`/public/buybacks/${buyback.id}/price-proposal/reject`, { token });

    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.status).toBe('bb_not_completed');
    const detail = await expectStatusEverywhere(warehouse, buyback, 'bb_not_completed');
    expect(detail.body.validatedPrice).toBeNull();
    expect((await buybackStepsOf(warehouse, buyback.id)).at(-1)).toMatchObject({
      type: 'BuybackNewPriceRejected',
      changes: { proposalDecision: { from: null, to: 'rejected' } },
    });
  });
});

describe('a web buyback dropped in a store', () => {
  it('waits for the drop, then the Paris seller finalizes it in their store and it awaits shipping from there', async () => {
    // Given a storefront visitor's buyback in the store-drop circuit
    const buyback = await createWebBuyback(visitor, seller, { circuitType: 'web_drop', paymentType: 'bank_transfer' });
    expect(buyback.status).toBe('bb_awaiting_store_drop');
    // The seller finds it by the code the customer brings
    const found = await seller.get(`/buybacks/by-identification-number/${buyback.identificationNumber}`);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body).toMatchObject({ id: buyback.id, channel: 'web', storeId: null, status: 'bb_awaiting_store_drop' });

    // When the Paris seller finalizes it in the Paris store
    const finalized = await seller.post(`/store/${PARIS}/buybacks/${buyback.id}/finalize`, {});

    // Then it awaits shipping from Paris
    expect(finalized.status, JSON.stringify(finalized.body)).toBe(200);
    expect(finalized.body.status).toBe('bb_awaiting_inventory');
    const detail = await expectStatusEverywhere(seller, buyback, 'bb_awaiting_inventory');
    expect(detail.body.storeId).toBe(PARIS);
    expect((await buybackStepsOf(seller, buyback.id)).at(-1)).toMatchObject({
      type: 'BuybackFinalizedInStore',
      user: { name: SELLER_NAME },
      statusBefore: 'bb_awaiting_store_drop',
      statusAfter: 'bb_awaiting_inventory',
      changes: { storeId: { from: null, to: PARIS } },
    });
  });

  it('is registered by the anonymous visitor: the history names no user', async () => {
    const buyback = await createWebBuyback(visitor, seller, { circuitType: 'web_drop', paymentType: 'bank_transfer' });
    const [registered] = await buybackStepsOf(seller, buyback.id);
    expect(registered).toMatchObject({ type: 'BuybackRegistered', user: null, statusAfter: 'bb_awaiting_store_drop' });
  });
});

describe('refused commands', () => {
  it('answer 409 BUYBACK_TRANSITION_NOT_ALLOWED to a step out of order and write nothing', async () => {
    const buyback = await createStoreBuyback(seller, PARIS, { paymentType: 'bank_transfer' });
    const before = await buybackStepsOf(seller, buyback.id);

    // Checking in a buyback that was never shipped
    const refused = await warehouse.post(`/buybacks/${buyback.id}/check-in`, {});

    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'BUYBACK_TRANSITION_NOT_ALLOWED',
      details: { status: 'bb_awaiting_inventory', command: 'CheckInBuyback' },
    });
    const detail = await expectStatusEverywhere(seller, buyback, 'bb_awaiting_inventory');
    expect(detail.headers.get('etag')).toBe('W/"0"');
    expect(await buybackStepsOf(seller, buyback.id)).toHaveLength(before.length);
  });

  it('answer 409 to completing a buyback that is already completed, leaving it as it was', async () => {
    const buyback = await received();
    expect((await warehouse.post(`/buybacks/${buyback.id}/complete`, {})).status).toBe(200);
    const before = await buybackStepsOf(warehouse, buyback.id);

    const again = await warehouse.post(`/buybacks/${buyback.id}/complete-by-price`, {});

    expect(again.status).toBe(409);
    expect(again.body.code).toBe('BUYBACK_TRANSITION_NOT_ALLOWED');
    await expectStatusEverywhere(warehouse, buyback, 'bb_completed');
    expect(await buybackStepsOf(warehouse, buyback.id)).toHaveLength(before.length);
  });
});

describe('cancelling a buyback whose voucher was handed over in the store', () => {
  it('is refused with 409 BUYBACK_PAYMENT_NOT_CANCELLABLE, offering to force, and writes nothing', async () => {
    const buyback = await createStoreBuyback(seller, PARIS, { paymentType: 'voucher' });
    expect((await seller.get(`/buybacks/${buyback.id}`)).body.paymentStatus).toBe('payment_completed');

    const refused = await seller.post(`/buybacks/${buyback.id}/cancel`, { reason: 'customer_retractation', comment: 'Le client revient' });

    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'BUYBACK_PAYMENT_NOT_CANCELLABLE',
      details: { paymentStatus: 'payment_completed', forceAvailable: true },
    });
    await expectStatusEverywhere(seller, buyback, 'bb_awaiting_inventory');
    expect(await buybackStepsOf(seller, buyback.id)).toHaveLength(1);
  });

  it('is cancelled with force: true, the payment kept and the forced cancellation in the history', async () => {
    // Given a cancellation already refused because the voucher was handed over
    const buyback = await createStoreBuyback(seller, PARIS, { paymentType: 'voucher' });
    expect((await seller.post(`/buybacks/${buyback.id}/cancel`, { reason: 'other', comment: 'Bon déjà utilisé' })).status).toBe(409);

    // When the seller forces it
    const cancelled = await seller.post(`/buybacks/${buyback.id}/cancel`, { reason: 'other', comment: 'Bon déjà utilisé', force: true });

    // Then it is cancelled, the voucher stays paid, and the history says it was forced

    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.status).toBe('bb_cancelled');
    const detail = await expectStatusEverywhere(seller, buyback, 'bb_cancelled');
    expect(detail.body.paymentStatus).toBe('payment_completed');
    expect(detail.body.cancellation).toMatchObject({ reason: 'other', comment: 'Bon déjà utilisé', forced: true });
    const last = (await buybackStepsOf(seller, buyback.id)).at(-1)!;
    expect(last).toMatchObject({
      type: 'BuybackCancelled',
      user: { name: SELLER_NAME },
      reason: 'other',
      comment: 'Bon déjà utilisé',
      statusBefore: 'bb_awaiting_inventory',
      statusAfter: 'bb_cancelled',
      changes: { forced: { from: null, to: true }, cancelReason: { from: null, to: 'other' } },
    });
    expect(last.at).toMatch(ISO_UTC);
  });

  it('can be cancelled while in transit when paid by bank transfer: the payment is cancelled too', async () => {
    const buyback = await createStoreBuyback(seller, PARIS, { paymentType: 'bank_transfer' });
    expect((await seller.post(`/buybacks/${buyback.id}/ship`, {})).status).toBe(200);

    const cancelled = await seller.post(`/buybacks/${buyback.id}/cancel`, { reason: 'technical_problem', comment: 'Colis perdu' });

    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const detail = await expectStatusEverywhere(seller, buyback, 'bb_cancelled');
    expect(detail.body.paymentStatus).toBe('payment_cancelled');
    expect(detail.body.cancellation.forced).toBe(false);
    expect(await listedRow(seller, buyback.identificationNumber)).toMatchObject({ status: 'bb_cancelled' });
  });
});
