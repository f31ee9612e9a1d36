import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { createStoreBuyback, expectOk, historyOf, proposalTokenFromMail } from '../support/api-helpers.js';
import { answersFor, checkedInItem, IPHONE_15, registeredItem, type WarehouseActors } from '../support/warehouse-journeys.js';
import { PARIS } from '../support/buyback-fixtures.js';
import { PaymentProcess } from '../../application/payments/payment-process.js';
import { paymentStreamOf } from '../../application/payments/buyback-payment-pair.js';
import { BUYBACK_STREAMS } from '../../application/buybacks/streams.js';
import { domainTypeOf, toDomainEvent } from '../../application/events/codec.js';
import { isValidVoucherCode } from '../../domain/payments/voucher-code.js';
import type { IdGenerator } from '../../application/ports/clock.js';
import { TOKENS } from '../../application/tokens.js';

/**
 * A buyback's payment follows its buyback (application/payments/payment-process.ts):
 * created once when it completes or its item is lost, paid at registration
 * when a voucher is handed over in store, cancelled with it in the same
 * append, and never created for a buyback cancelled meanwhile.
 */
let t: TestPlatform;
let actors: WarehouseActors;
let manager: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  const [seller, operator] = await Promise.all([t.login('seller@demo.test'), t.login('warehouse@demo.test', 'rps')]);
  actors = { seller, operator };
  manager = await t.login('manager@demo.test');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const paymentEvents = async (buybackId: string) => (await t.platform.eventStore.readStream(paymentStreamOf(buybackId))).map((e) => toDomainEvent<{ type: string; data: Record<string, any> }>(e));

async function completedByPrice() {
  const item = await checkedInItem(actors);
  const responses = await answersFor(actors.operator, IPHONE_15);
  await expectOk(actors.operator.post(`/items/${item.itemId}/compliance-checks`, { productId: IPHONE_15, responses, decision: { kind: 'by_rule' } }));
  return item;
}

/** Checked in worn: a lower price is proposed, and the customer accepts it from their e-mail's link. */
async function acceptedLowerPrice(options: Parameters<typeof checkedInItem>[1] = {}) {
  const email = `payment.${Date.now()}.${Math.random()}@example.com`;
  const item = await checkedInItem(actors, { ...options, customer: { email } });
  const responses = await answersFor(actors.operator, IPHONE_15, 'worn');
  const preview = await expectOk(actors.operator.post(`/items/${item.itemId}/compliance-checks/preview`, { productId: IPHONE_15, responses }));
  await expectOk(actors.operator.post(`/items/${item.itemId}/compliance-checks`, { productId: IPHONE_15, responses, decision: { kind: 'by_rule', proposalReason: 'Usure importante' } }));
  await expectOk(t.api.post(`/public/buybacks/${item.buyback.id}/price-proposal/accept`, { token: proposalTokenFromMail(t.mailer, email).token }));
  return { ...item, acceptedPrice: preview.outcome.proposedPrice as { amountInCents: number } };
}

function freshProcess() {
  return new PaymentProcess({ eventStore: t.platform.eventStore, documents: t.platform.documents, ids: t.platform.container.resolve<IdGenerator>(TOKENS.IdGenerator) });
}

describe('Given a buyback paid by bank transfer', () => {
  it('when the check completes it at its price, then one payment is created for the validated price, by the SEPA file, pending', async () => {
    const { buyback } = await completedByPrice();
    const events = await paymentEvents(buyback.id);
    expect(events.map((e) => e.type)).toEqual(['PaymentCreated']);
    expect(events[0]!.data).toMatchObject({
      buybackId: buyback.id,
      origin: 'buyback_completed',
      paymentType: 'bank_transfer',
      provider: 'bank_transfer_file',
      amount: { amountInCents: buyback.declaredPriceInCents },
      buyback: { identificationNumber: buyback.identificationNumber, storeId: PARIS },
    });
    const view = await expectOk(actors.seller.get(`/buybacks/${buyback.id}`));
    expect(view).toMatchObject({
      paymentStatus: 'payment_created',
      payment: { id: events[0]!.data.paymentId, status: 'payment_created', type: 'bank_transfer', amount: { amountInCents: buyback.declaredPriceInCents }, voucherCode: null },
    });
    const history = await historyOf(actors.seller, buyback.id);
    expect(history.at(-1)).toMatchObject({ type: 'PaymentCreated', changes: { paymentStatus: { from: null, to: 'payment_created' } } });
  });

  it('when the completion is delivered again, twice at once and once more, then there is still one payment', async () => {
    const { buyback } = await completedByPrice();
    const history = await t.platform.eventStore.readStream(BUYBACK_STREAMS.buyback.name(buyback.id));
    const completion = history.find((e) => domainTypeOf(e).startsWith('BuybackCompleted'))!;
    const [a, b] = [freshProcess(), freshProcess()];
    await Promise.all([a.handle(completion), b.handle(completion), a.handle(completion)]);
    await freshProcess().handle(completion);
    expect((await paymentEvents(buyback.id)).map((e) => e.type)).toEqual(['PaymentCreated']);
  });

  it('when the customer accepts a lower price, then its payment is created for that price', async () => {
    const { buyback, acceptedPrice } = await acceptedLowerPrice();
    const events = await paymentEvents(buyback.id);
    expect(events.map((e) => e.type)).toEqual(['PaymentCreated']);
    expect(events[0]!.data).toMatchObject({ origin: 'buyback_completed', amount: { amountInCents: acceptedPrice.amountInCents } });
    expect(acceptedPrice.amountInCents).toBeLessThan(buyback.declaredPriceInCents);
  });

  it('when its item is lost in the store, then its payment is created for the declared price, as owed after a loss', async () => {
    const { buyback, itemId } = await registeredItem(actors);
    await expectOk(manager.post(`/items/${itemId}/lost`, { place: 'store', comment: 'Introuvable' }));
    const events = await paymentEvents(buyback.id);
    expect(events.map((e) => e.type)).toEqual(['PaymentCreated']);
    expect(events[0]!.data).toMatchObject({ origin: 'item_lost', amount: { amountInCents: buyback.declaredPriceInCents } });
  });

  it('when it is cancelled before it completes, then no payment is ever created for it', async () => {
    const { buyback } = await checkedInItem(actors);
    await expectOk(manager.post(`/buybacks/${buyback.id}/cancel`, { reason: 'customer_retractation', comment: 'Rétractation' }));
    expect(await paymentEvents(buyback.id)).toEqual([]);
  });
});

describe('Given a store buyback paid by a voucher handed over in the store', () => {
  it('then its payment is created, its code issued and paid at registration', async () => {
    const buyback = await createStoreBuyback(actors.seller, PARIS, { paymentType: 'voucher' });
    const events = await paymentEvents(buyback.id);
    expect(events.map((e) => e.type)).toEqual(['PaymentCreated', 'PaymentVoucherIssued', 'PaymentCompleted']);
    expect(events[0]!.data).toMatchObject({ origin: 'store_handover', paymentType: 'voucher' });
    expect(isValidVoucherCode(events[1]!.data.voucherCode)).toBe(true);
    const view = await expectOk(actors.seller.get(`/buybacks/${buyback.id}`));
    expect(view).toMatchObject({ paymentStatus: 'payment_completed', payment: { status: 'payment_completed', type: 'voucher', voucherCode: events[1]!.data.voucherCode } });
    expect((await historyOf(actors.seller, buyback.id)).map((e) => e.type)).toEqual(['BuybackRegistered', 'PaymentCreated', 'PaymentVoucherIssued', 'PaymentCompleted']);
  });

  it('when it is cancelled, then the cancellation is refused (the voucher is spent) with a forced one offered; forced, the payment is kept and its history says so, in the same append', async () => {
    const buyback = await createStoreBuyback(actors.seller, PARIS, { paymentType: 'voucher' });
    const refused = await manager.post(`/buybacks/${buyback.id}/cancel`, { reason: 'customer_retractation', comment: 'Rendu' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'BUYBACK_PAYMENT_NOT_CANCELLABLE', details: { paymentStatus: 'payment_completed', forceAvailable: true } });
    expect((await paymentEvents(buyback.id)).map((e) => e.type)).toEqual(['PaymentCreated', 'PaymentVoucherIssued', 'PaymentCompleted']);
    await expectOk(manager.post(`/buybacks/${buyback.id}/cancel`, { reason: 'customer_retractation', comment: 'Rendu', force: true }));
    const stored = await t.platform.eventStore.readStream(paymentStreamOf(buyback.id));
    expect(stored.map(domainTypeOf)).toEqual(['PaymentCreated', 'PaymentVoucherIssued', 'PaymentCompleted', 'PaymentKeptOnBuybackCancellation']);
    const cancelled = (await t.platform.eventStore.readStream(BUYBACK_STREAMS.buyback.name(buyback.id))).at(-1)!;
    expect(domainTypeOf(cancelled)).toBe('BuybackCancelled');
    expect(cancelled.data).toMatchObject({ forced: true, previousPaymentStatus: 'payment_completed', paymentStatus: 'payment_completed' });
    expect(stored.at(-1)!.metadata.causationId).toBe(cancelled.id);
    expect(stored.at(-1)!.metadata.userId).toBe(cancelled.metadata.userId);
  });

  it('when the check then sets a lower price the customer accepts, then the difference is recorded as a claim on them, on the payment and on the buyback', async () => {
    const { buyback, acceptedPrice } = await acceptedLowerPrice({ paymentType: 'voucher' });
    const events = await paymentEvents(buyback.id);
    expect(events.map((e) => e.type)).toEqual(['PaymentCreated', 'PaymentVoucherIssued', 'PaymentCompleted', 'PaymentClaimRecorded']);
    const claimed = buyback.declaredPriceInCents - acceptedPrice.amountInCents;
    expect(events[3]!.data).toMatchObject({ acceptedPrice: { amountInCents: acceptedPrice.amountInCents }, claimedAmount: { amountInCents: claimed } });
    const view = await expectOk(actors.seller.get(`/buybacks/${buyback.id}`));
    expect(view.payment).toMatchObject({ status: 'payment_completed', claim: { claimedAmount: { amountInCents: claimed } } });
  });
});
