import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../support/test-platform.js';
import { startFakePaymentProvider, type FakePaymentProvider } from '../support/fake-payment-provider.js';
import { eventually } from '../support/logistics-helpers.js';
import { sendPaymentReport } from '../support/payment-provider-helpers.js';
import { toDomainEvent, toNewEvent } from '../../application/events/codec.js';
import { PAYMENT_STREAMS } from '../../application/payments/streams.js';
import type { PaymentCreated, PaymentEvent } from '../../domain/payments/events.js';
import type { PaymentProvider, PaymentType } from '../../domain/payments/state.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { signatureHeader } from '../../infrastructure/security/webhook-signature.js';
import { paymentWebhookSecret } from '../../infrastructure/security/payment-webhook-secret.js';

/**
 * Payments handed to a provider reached over HTTP (a fake one, real HTTP,
 * tests/support/fake-payment-provider.ts) by the payment provider worker,
 * and completed or failed by its signed webhook
 * (docs/payment-provider-contract.md). Payments are set up by appending their
 * PaymentCreated to their streams, as the payment process would.
 */

let t: TestPlatform;
let provider: FakePaymentProvider;

beforeAll(async () => {
  provider = await startFakePaymentProvider();
  t = await startTestPlatform({
    paymentProvider: { url: provider.url, apiKey: provider.apiKey, timeoutMs: 300, webhookSecret: null },
    paymentWorkerIntervalMs: 50,
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

let codes = 0;
/** A payment just created, as the payment process creates it when its buyback completes. */
async function createdPayment(options: { provider?: PaymentProvider; type?: PaymentType; amountInCents?: number; code?: string } = {}) {
  const paymentId = randomUUID();
  codes += 1;
  const identificationNumber = options.code ?? `31${String(Date.now()).slice(-7)}${String(codes).padStart(4, '0')}`;
  const event: PaymentCreated = {
    type: 'PaymentCreated',
    data: {
      paymentId,
      buybackId: randomUUID(),
      accountId: DEMO_IDS.accounts.demo,
      buyback: { identificationNumber, storeId: null, warehouseId: randomUUID(), buyerId: randomUUID(), organizationId: null },
      origin: 'buyback_completed',
      paymentModeId: randomUUID(),
      paymentType: options.type ?? 'bank_transfer',
      provider: options.provider ?? 'bank_transfer_provider',
      validatedPrice: { amountInCents: options.amountInCents ?? 15_000, currency: 'EUR' },
      modifier: { kind: 'disabled' },
      circuitBonus: { amountInCents: 0, currency: 'EUR' },
      amount: { amountInCents: options.amountInCents ?? 15_000, currency: 'EUR' },
    },
  };
  const metadata = { accountId: DEMO_IDS.accounts.demo, organizationId: null, userId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
  await t.platform.eventStore.appendToStream(PAYMENT_STREAMS.payment.name(paymentId), [toNewEvent(event, randomUUID(), metadata)], 'no_stream');
  return { paymentId, identificationNumber };
}

async function eventsOf(paymentId: string): Promise<PaymentEvent[]> {
  return (await t.platform.eventStore.readStream(PAYMENT_STREAMS.payment.name(paymentId))).map((stored) => toDomainEvent<PaymentEvent>(stored));
}

async function initiated(paymentId: string) {
  const events = await eventually(() => eventsOf(paymentId), (list) => list.some((e) => e.type === 'PaymentInitiated' || e.type === 'PaymentFailed'));
  return events.find((e) => e.type === 'PaymentInitiated') as Extract<PaymentEvent, { type: 'PaymentInitiated' }> | undefined;
}

function requestsFor(paymentId: string) {
  return provider.requests.filter((request) => request.idempotencyKey === `${paymentId}.1`);
}

function report(paymentId: string, providerReference: string, type: 'payment.completed' | 'payment.failed', extra: Record<string, unknown> = {}) {
  return { eventId: randomUUID(), type, paymentId, attempt: 1, providerReference, occurredAt: new Date().toISOString(), ...extra };
}

function sendReport(body: unknown, options: { secret?: string; signature?: string } = {}) {
  return sendPaymentReport(t, body, options);
}

describe('Given a payment whose provider is reached over HTTP', () => {
  it('when it is created, then the worker hands it to the provider once, with its id and attempt as the key, and records its reference', async () => {
    const { paymentId, identificationNumber } = await createdPayment({ amountInCents: 12_345 });
    const event = await initiated(paymentId);
    const made = provider.payments.get(`${paymentId}.1`);
    expect(event?.data).toMatchObject({ paymentId, attempt: 1, providerReference: made?.providerReference });
    expect(made?.request).toMatchObject({ paymentId, amount: { amountInCents: 12_345, currency: 'EUR' }, reference: identificationNumber, type: 'bank_transfer' });
    expect(requestsFor(paymentId)).toHaveLength(1);
    // Later rounds find nothing more to do.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requestsFor(paymentId)).toHaveLength(1);
    expect((await eventsOf(paymentId)).map((e) => e.type)).toEqual(['PaymentCreated', 'PaymentInitiated']);
  });

  it('when the provider answers 500 then 200, then the payment is initiated once, after a retry with the same key', async () => {
    provider.failNext(1);
    const { paymentId } = await createdPayment({ provider: 'gift_card_provider', type: 'gift_card' });
    const event = await initiated(paymentId);
    expect(requestsFor(paymentId).map((r) => r.idempotencyKey)).toEqual([`${paymentId}.1`, `${paymentId}.1`]);
    expect([...provider.payments.keys()].filter((key) => key.startsWith(paymentId))).toHaveLength(1);
    expect(event?.data.providerReference).toBe(provider.payments.get(`${paymentId}.1`)?.providerReference);
  });

  it('when the provider takes it but answers after the timeout, then the retry gets the same payment: one payment, initiated once', async () => {
    provider.answerLate(1, 1_500);
    const { paymentId } = await createdPayment({ provider: 'payment_wallet', type: 'bank_transfer' });
    const event = await initiated(paymentId);
    expect(requestsFor(paymentId).length).toBeGreaterThanOrEqual(2);
    expect([...provider.payments.keys()].filter((key) => key.startsWith(paymentId))).toHaveLength(1);
    expect(event?.data.providerReference).toBe(provider.payments.get(`${paymentId}.1`)?.providerReference);
    expect((await eventsOf(paymentId)).filter((e) => e.type === 'PaymentInitiated')).toHaveLength(1);
  });

  it('when the provider refuses it, then the payment fails with the provider’s code, and the health page counts it', async () => {
    provider.refuseReference('3999999999999');
    const { paymentId } = await createdPayment({ code: '3999999999999' });
    const events = await eventually(() => eventsOf(paymentId), (list) => list.some((e) => e.type === 'PaymentFailed'));
    expect(events.at(-1)).toMatchObject({ type: 'PaymentFailed', data: { attempt: 1, reasonCode: 'BENEFICIARY_REFUSED' } });
    const admin = await t.login('admin@demo.test');
    const health = await eventually(
      () => admin.get('/health'),
      (answer) => (answer.body.workers ?? []).some((w: { name: string; failed: number }) => w.name === 'payment-provider' && w.failed >= 1),
    );
    expect(health.body.workers.find((w: { name: string }) => w.name === 'payment-provider')).toMatchObject({ backlog: 0 });
  });

  it('when a payment is paid by a SEPA file, then the worker leaves it alone', async () => {
    const { paymentId } = await createdPayment({ provider: 'bank_transfer_file' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requestsFor(paymentId)).toHaveLength(0);
    expect((await eventsOf(paymentId)).map((e) => e.type)).toEqual(['PaymentCreated']);
  });
});

describe('Given an initiated payment and the provider’s webhook', () => {
  it('when a signed report says it completed, then it is completed; sent again, or completed again, it changes nothing', async () => {
    const { paymentId } = await createdPayment();
    const reference = (await initiated(paymentId))!.data.providerReference;
    const completed = report(paymentId, reference, 'payment.completed');
    const first = await sendReport(completed);
    expect({ status: first.status, body: first.body }).toEqual({ status: 200, body: { applied: true } });
    const after = await eventsOf(paymentId);
    expect(after.at(-1)).toMatchObject({ type: 'PaymentCompleted', data: { attempt: 1, providerReference: reference } });

    const replayed = await sendReport(completed);
    expect(replayed.body).toEqual({ applied: false, reason: 'duplicate' });
    const again = await sendReport(report(paymentId, reference, 'payment.completed'));
    expect(again.body).toEqual({ applied: false, reason: 'duplicate' });
    const late = await sendReport(report(paymentId, reference, 'payment.failed', { reasonCode: 'AC04' }));
    expect(late.body).toEqual({ applied: false, reason: 'not_applicable' });
    expect(await eventsOf(paymentId)).toHaveLength(after.length);
  });

  it('when a signed report says it failed, then it fails with the provider’s code and words', async () => {
    const { paymentId } = await createdPayment();
    const reference = (await initiated(paymentId))!.data.providerReference;
    const answer = await sendReport(report(paymentId, reference, 'payment.failed', { reasonCode: 'AC04', message: 'Account closed' }));
    expect(answer.body).toEqual({ applied: true });
    expect((await eventsOf(paymentId)).at(-1)).toMatchObject({ type: 'PaymentFailed', data: { reasonCode: 'AC04', message: 'Account closed' } });
  });

  it('when a report is unsigned, signed with another secret or too old, then it is refused (401) and nothing is written', async () => {
    const { paymentId } = await createdPayment();
    const reference = (await initiated(paymentId))!.data.providerReference;
    const before = await eventsOf(paymentId);
    const body = report(paymentId, reference, 'payment.completed');
    const raw = JSON.stringify(body);
    const old = signatureHeader(paymentWebhookSecret(t.platform.config).secret, raw, Math.floor(Date.now() / 1000) - 3_600);
    for (const options of [{ signature: 'none' }, { secret: 'a-guessed-secret' }, { signature: old }] as const) {
      const answer = await sendReport(body, options);
      expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 401, code: 'PAYMENT_PROVIDER_SIGNATURE_INVALID' });
      expect(JSON.stringify(answer.body)).not.toContain('providerReference');
    }
    // The carriers' secret is not the payments' one.
    const carrierSigned = await sendReport(body, { secret: (await import('../../infrastructure/security/carrier-webhook-secret.js')).carrierWebhookSecret(t.platform.config).secret });
    expect(carrierSigned.status).toBe(401);
    expect(await eventsOf(paymentId)).toEqual(before);
  });

  it('when a report names another reference, another attempt, or a payment paid by a SEPA file, then it is received and changes nothing', async () => {
    const { paymentId } = await createdPayment();
    const reference = (await initiated(paymentId))!.data.providerReference;
    expect((await sendReport(report(paymentId, 'PAY-NOT-OURS', 'payment.completed'))).body).toEqual({ applied: false, reason: 'reference_mismatch' });
    expect((await sendReport(report(paymentId, reference, 'payment.completed', { attempt: 2 }))).body).toEqual({ applied: false, reason: 'stale_attempt' });
    const sepa = await createdPayment({ provider: 'bank_transfer_file' });
    expect((await sendReport(report(sepa.paymentId, 'E2E-1', 'payment.completed'))).body).toEqual({ applied: false, reason: 'unknown_payment' });
    expect((await sendReport(report(randomUUID(), 'PAY-1', 'payment.completed'))).body).toEqual({ applied: false, reason: 'unknown_payment' });
    expect((await eventsOf(paymentId)).map((e) => e.type)).toEqual(['PaymentCreated', 'PaymentInitiated']);
    expect((await eventsOf(sepa.paymentId)).map((e) => e.type)).toEqual(['PaymentCreated']);
  });

  it('when a signed body is too large or breaks the schema, then it is refused with a clear code', async () => {
    const big = await sendReport({ ...report(randomUUID(), 'PAY-1', 'payment.completed'), padding: 'x'.repeat(9_000) });
    expect({ status: big.status, code: big.body.code }).toEqual({ status: 413, code: 'REQUEST_TOO_LARGE' });
    const invalid = await sendReport({ eventId: 'e1', type: 'payment.refunded' });
    expect({ status: invalid.status, code: invalid.body.code }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
  });
});

describe('Given the account setting of the buyer paying', () => {
  it('when an account asks whether its buyer pays, then it reads its own setting; another tenant’s is answered as one that does not exist; provider staff read any', async () => {
    const [retailer, otherSeller, admin] = await Promise.all([t.login('retailer@demo.test'), t.login('seller@other.test'), t.login('admin@demo.test')]);
    const own = await retailer.get(`/payment/account/${DEMO_IDS.accounts.demo}/by-buyer-feature-available`);
    expect({ status: own.status, body: own.body }).toEqual({ status: 200, body: { buyerPaymentEnabled: false } });
    const other = await otherSeller.get(`/payment/account/${DEMO_IDS.accounts.other}/by-buyer-feature-available`);
    expect(other.body).toEqual({ buyerPaymentEnabled: true });
    const foreign = await retailer.get(`/payment/account/${DEMO_IDS.accounts.other}/by-buyer-feature-available`);
    expect({ status: foreign.status, code: foreign.body.code }).toEqual({ status: 404, code: 'ACCOUNT_NOT_FOUND' });
    expect((await admin.get(`/payment/account/${DEMO_IDS.accounts.other}/by-buyer-feature-available`)).body).toEqual({ buyerPaymentEnabled: true });
    const missing = await admin.get(`/payment/account/${randomUUID()}/by-buyer-feature-available`);
    expect({ status: missing.status, code: missing.body.code }).toEqual({ status: 404, code: 'ACCOUNT_NOT_FOUND' });
    expect((await t.api.get(`/payment/account/${DEMO_IDS.accounts.demo}/by-buyer-feature-available`)).status).toBe(401);
  });
});
