import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDomainEvent } from '../../application/events/codec.js';
import { paymentStreamOf } from '../../application/payments/buyback-payment-pair.js';
import { PaymentProcess } from '../../application/payments/payment-process.js';
import { BUYBACK_STREAMS } from '../../application/buybacks/streams.js';
import { TOKENS } from '../../application/tokens.js';
import type { IdGenerator } from '../../application/ports/clock.js';
import type { StoredEvent } from '../../application/ports/event-store.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { identificationNumberFrom } from '../../domain/values/identification-number.js';
import { expectOk } from '../support/api-helpers.js';
import { creationBody, PARIS } from '../support/buyback-fixtures.js';
import { answersFor, IPHONE_15, type WarehouseActors } from '../support/warehouse-journeys.js';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';

/**
 * The price shown is the price registered is the amount paid (issue 21,
 * "Pricing with the premium features"): the circuit's bonus or cost and the
 * payment mode's bonus or malus, as the estimate computed them, are
 * registered with the buyback (the server recomputes them; the client sends
 * no price) and paid, even when the mode's bonus changes between the
 * registration and the payment. A buyback registered before they were kept
 * still reads, and is paid as it was.
 */

const VOUCHER = DEMO_IDS.paymentModes.demo.voucher;
const TRANSFER = DEMO_IDS.paymentModes.demo.bank_transfer;

let t: TestPlatform;
let retailer: ApiClient;
let actors: WarehouseActors;

beforeAll(async () => {
  t = await startTestPlatform();
  const [seller, operator] = await Promise.all([t.login('seller@demo.test'), t.login('warehouse@demo.test', 'rps')]);
  actors = { seller, operator };
  retailer = await t.login('retailer@demo.test', 'root');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Body = Awaited<ReturnType<typeof creationBody>>;

async function storeBody(paymentType: 'voucher' | 'bank_transfer'): Promise<Body> {
  return creationBody(actors.seller, { paymentType });
}

async function setCircuitBonus(circuitId: string, customerBonusInCents: number): Promise<void> {
  const current = await retailer.request('GET', `/circuits/${circuitId}`);
  const changed = await retailer.request('PATCH', `/circuits/${circuitId}`, { customerBonusInCents }, {
    'If-Match': current.headers.get('etag') as string,
    'Content-Type': 'application/merge-patch+json',
  });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
}

async function setModifier(modeId: string, modifier: Record<string, unknown>): Promise<void> {
  const mode = await expectOk(retailer.get(`/payment-modes/${modeId}`));
  await expectOk(retailer.patch(`/payment-modes/${modeId}`, { modifier }, { 'If-Match': `W/"${mode.revision}"` }));
}

/** What the estimate says the customer is paid for this body's product, answers, circuit and payment mode. */
async function shownAmount(body: Body): Promise<{ diagnostic: number; adjustment: number; bonus: number; total: number }> {
  const estimate = await expectOk(actors.seller.post('/estimates', { productId: body.productId, responses: body.responses, circuitId: body.circuitId }));
  const payment = estimate.payments.find((p: { paymentModeId: string }) => p.paymentModeId === body.paymentModeId);
  return { diagnostic: estimate.price.amountInCents, adjustment: payment.adjustment.amountInCents, bonus: estimate.circuitBonus?.amountInCents ?? 0, total: payment.amount.amountInCents };
}

const paymentEvents = async (buybackId: string) => (await t.platform.eventStore.readStream(paymentStreamOf(buybackId))).map((e) => toDomainEvent<{ type: string; data: Record<string, any> }>(e));

async function register(body: Body): Promise<string> {
  const created = await actors.seller.post(`/store/${PARIS}/buybacks`, body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

describe('Given the store circuit gives the customer a bonus of 5 €', () => {
  it('when a voucher is handed over in store, then the buyback registers and pays the estimate’s total, its parts shown in the detail', async () => {
    const body = await storeBody('voucher');
    await setCircuitBonus(body.circuitId, 500);
    const shown = await shownAmount(body);
    expect(shown.bonus).toBe(500);
    expect(shown.total).toBe(shown.diagnostic + shown.adjustment + 500);

    const id = await register(body);
    const detail = await expectOk(actors.seller.get(`/buybacks/${id}`));
    expect(detail.declaredPrice.amountInCents).toBe(shown.diagnostic);
    expect(detail.price).toEqual({
      diagnosticPrice: { amountInCents: shown.diagnostic, currency: 'EUR' },
      paymentAdjustment: { amountInCents: shown.adjustment, currency: 'EUR' },
      circuitBonus: { amountInCents: 500, currency: 'EUR' },
      total: { amountInCents: shown.total, currency: 'EUR' },
    });
    const [created] = await paymentEvents(id);
    expect(created).toMatchObject({ type: 'PaymentCreated', data: { origin: 'store_handover', circuitBonus: { amountInCents: 500 }, amount: { amountInCents: shown.total } } });
    expect(detail.payment.amount.amountInCents).toBe(shown.total);
    // The confirmation e-mail says the same amount.
    const mail = t.mailer.sent.filter((m) => m.to === body.customer.email).at(-1);
    const euros = `${Math.floor(shown.total / 100)},${String(shown.total % 100).padStart(2, '0')}`;
    expect(mail?.text.replace(/[\s\u202f\u00a0]/g, '')).toContain(euros);
  });
});

describe('Given the store circuit costs the customer 3 € and the bank transfer gives a 2 € bonus', () => {
  it('when the mode’s bonus is withdrawn after the registration, then the payment still pays what was shown and registered', async () => {
    const body = await storeBody('bank_transfer');
    await setCircuitBonus(body.circuitId, -300);
    await setModifier(TRANSFER, { kind: 'amount', amountInCents: 200 });
    const shown = await shownAmount(body);
    expect({ adjustment: shown.adjustment, bonus: shown.bonus, total: shown.total }).toEqual({ adjustment: 200, bonus: -300, total: shown.diagnostic - 100 });

    const id = await register(body);
    expect((await expectOk(actors.seller.get(`/buybacks/${id}`))).price.total.amountInCents).toBe(shown.total);
    // The retailer withdraws the bonus and the circuit's cost: the customer keeps what they were shown.
    await setModifier(TRANSFER, { kind: 'disabled' });
    await setCircuitBonus(body.circuitId, 0);

    const detail = await expectOk(actors.seller.get(`/buybacks/${id}`));
    const { item } = await expectOk(actors.operator.get(`/items/by-code/${detail.identificationNumber}`));
    await expectOk(actors.seller.post(`/buybacks/${id}/ship`, {}));
    await expectOk(actors.operator.post('/warehouse/check-ins', { code: detail.identificationNumber }), 201);
    const responses = await answersFor(actors.operator, IPHONE_15);
    await expectOk(actors.operator.post(`/items/${item.id}/compliance-checks`, { productId: IPHONE_15, responses, decision: { kind: 'by_rule' } }));

    const [created] = await paymentEvents(id);
    expect(created).toMatchObject({
      type: 'PaymentCreated',
      data: { origin: 'buyback_completed', modifier: { kind: 'amount', amountInCents: 200 }, circuitBonus: { amountInCents: -300 }, amount: { amountInCents: shown.total } },
    });
    expect((await expectOk(actors.seller.get(`/buybacks/${id}`))).payment.amount.amountInCents).toBe(shown.total);
  });
});

describe('Given a buyback registered before its pricing was kept (BuybackRegistered.v3)', () => {
  it('then it still reads (no price parts), and its voucher is paid at its price with its mode’s bonus, no circuit bonus', async () => {
    await setModifier(VOUCHER, { kind: 'disabled' });
    const body = await storeBody('voucher');
    await setCircuitBonus(body.circuitId, 0);
    // A registration as v3 wrote it: the same data without `pricing`, on a new buyback's stream.
    const model = await register(body);
    const [registered] = await t.platform.eventStore.readStream(BUYBACK_STREAMS.buyback.name(model));
    const buybackId = randomUUID();
    const { pricing: _pricing, ...v3 } = registered!.data as Record<string, unknown>;
    expect(_pricing).toBeDefined();
    const data = { ...v3, buybackId, identificationNumber: identificationNumberFrom(`2${String(Date.now()).slice(-11)}`) };
    const metadata = { ...registered!.metadata, correlationId: randomUUID(), causationId: null, idempotency: null };
    const appended = await t.platform.eventStore.appendToStream(BUYBACK_STREAMS.buyback.name(buybackId), [{ id: randomUUID(), type: 'BuybackRegistered.v3', data, metadata }], 'no_stream');
    expect(await t.platform.runner.waitFor(appended.lastGlobalPosition, 10_000)).toBe(true);

    const [stored] = await t.platform.eventStore.readStream(BUYBACK_STREAMS.buyback.name(buybackId));
    expect(toDomainEvent(stored as StoredEvent)).toMatchObject({ type: 'BuybackRegistered', data: { pricing: null } });
    const detail = await expectOk(actors.seller.get(`/buybacks/${buybackId}`));
    expect(detail).toMatchObject({ price: null, declaredPrice: (registered!.data as { declaredPrice: unknown }).declaredPrice });
    // The payment process pays it as before: the mode's modifier now (disabled), no circuit bonus.
    const process = new PaymentProcess({ eventStore: t.platform.eventStore, documents: t.platform.documents, ids: t.platform.container.resolve<IdGenerator>(TOKENS.IdGenerator) });
    await process.handle(stored as StoredEvent);
    const [created] = await paymentEvents(buybackId);
    expect(created).toMatchObject({ type: 'PaymentCreated', data: { circuitBonus: { amountInCents: 0 }, amount: detail.declaredPrice } });
  });

  it('and a payment created before it paid the circuit bonus (PaymentCreated.v1) reads with none', () => {
    const data = { paymentId: 'p', validatedPrice: { amountInCents: 1_000, currency: 'EUR' }, modifier: { kind: 'disabled' }, amount: { amountInCents: 1_000, currency: 'EUR' } };
    const event = toDomainEvent({ type: 'PaymentCreated.v1', data } as unknown as StoredEvent);
    expect(event.data).toMatchObject({ circuitBonus: { amountInCents: 0, currency: 'EUR' }, amount: { amountInCents: 1_000 } });
  });
});
