import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../support/test-platform.js';
import { startFakePaymentProvider, type FakePaymentProvider } from '../support/fake-payment-provider.js';
import { eventually } from '../support/logistics-helpers.js';
import { toDomainEvent, toNewEvent } from '../../application/events/codec.js';
import { PAYMENT_STREAMS } from '../../application/payments/streams.js';
import { PaymentProviderWorker } from '../../application/payments/payment-provider-worker.js';
import { PAYMENT_PROVIDER_QUEUE } from '../../application/payments/provider-queue-read-model.js';
import type { PaymentGateway } from '../../application/payments/payment-gateway.js';
import type { PaymentCreated, PaymentEvent } from '../../domain/payments/events.js';
import { HttpPaymentProvider } from '../../infrastructure/payments/http-payment-provider.js';
import { SystemClock, CryptoIdGenerator } from '../../infrastructure/system/clock.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';

/**
 * Exactly once across crashes and between two processes: workers built by
 * hand on a platform that runs none (no PAYMENT_PROVIDER_URL), against a
 * fake provider over real HTTP. A worker that dies after the provider paid
 * but before recording it, then another worker, then two at once: one
 * payment at the provider, one initiation on the stream.
 */

let t: TestPlatform;
let provider: FakePaymentProvider;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  provider = await startFakePaymentProvider();
  t = await startTestPlatform();
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

function workerWith(gateway: PaymentGateway) {
  const { eventStore, documents } = t.platform;
  return new PaymentProviderWorker({ eventStore, documents, clock: new SystemClock(), ids: new CryptoIdGenerator(), gateway }, silent, { intervalMs: 10, batchSize: 10 });
}

const http = () => new HttpPaymentProvider({ baseUrl: provider.url, apiKey: provider.apiKey, backoffMs: 10 });

async function createdPayment() {
  const paymentId = randomUUID();
  const event: PaymentCreated = {
    type: 'PaymentCreated',
    data: {
      paymentId,
      buybackId: randomUUID(),
      accountId: DEMO_IDS.accounts.demo,
      buyback: { identificationNumber: `41${String(Date.now()).slice(-11)}`, storeId: null, warehouseId: randomUUID(), buyerId: randomUUID(), organizationId: null },
      origin: 'buyback_completed',
      paymentModeId: randomUUID(),
      paymentType: 'bank_transfer',
      provider: 'bank_transfer_provider',
      validatedPrice: { amountInCents: 9_900, currency: 'EUR' },
      modifier: { kind: 'disabled' },
      circuitBonus: { amountInCents: 0, currency: 'EUR' },
      amount: { amountInCents: 9_900, currency: 'EUR' },
    },
  };
  const metadata = { accountId: DEMO_IDS.accounts.demo, organizationId: null, userId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
  await t.platform.eventStore.appendToStream(PAYMENT_STREAMS.payment.name(paymentId), [toNewEvent(event, randomUUID(), metadata)], 'no_stream');
  // The worker finds its work in its queue's read model.
  await eventually(() => t.platform.documents.collection(PAYMENT_PROVIDER_QUEUE).get(paymentId), (doc) => doc !== null);
  return paymentId;
}

async function eventsOf(paymentId: string): Promise<PaymentEvent[]> {
  return (await t.platform.eventStore.readStream(PAYMENT_STREAMS.payment.name(paymentId))).map((stored) => toDomainEvent<PaymentEvent>(stored));
}

describe('Given a payment handed to a provider over HTTP', () => {
  it('when the worker dies after the provider paid and before recording it, then the next worker gets the same payment and records it once', async () => {
    const paymentId = await createdPayment();
    const dying: PaymentGateway = {
      async initiate(order) {
        await http().initiate(order);
        throw new Error('process killed before the answer was recorded');
      },
    };
    await workerWith(dying).runOnce();
    expect(provider.payments.has(`${paymentId}.1`)).toBe(true);
    expect((await eventsOf(paymentId)).map((e) => e.type)).toEqual(['PaymentCreated']);

    await workerWith(http()).runOnce();
    const events = await eventsOf(paymentId);
    expect(events.map((e) => e.type)).toEqual(['PaymentCreated', 'PaymentInitiated']);
    expect(events[1]).toMatchObject({ data: { providerReference: provider.payments.get(`${paymentId}.1`)?.providerReference } });
    expect([...provider.payments.keys()].filter((key) => key.startsWith(paymentId))).toHaveLength(1);
  });

  it('when two workers (two processes) take it up at once, then the provider pays once and one initiation is recorded', async () => {
    const paymentId = await createdPayment();
    await Promise.all([workerWith(http()).runOnce(), workerWith(http()).runOnce(), workerWith(http()).runOnce()]);
    const events = await eventsOf(paymentId);
    expect(events.filter((e) => e.type === 'PaymentInitiated')).toHaveLength(1);
    expect([...provider.payments.keys()].filter((key) => key.startsWith(paymentId))).toHaveLength(1);
    // Run again: nothing more.
    await workerWith(http()).runOnce();
    expect(await eventsOf(paymentId)).toHaveLength(events.length);
  });

  it('when it failed and is relaunched, then the new attempt is a new key, paid once, and the first attempt is not paid again', async () => {
    provider.refuseReference('4199999999999');
    const paymentId = randomUUID();
    const metadata = { accountId: DEMO_IDS.accounts.demo, organizationId: null, userId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
    const created: PaymentCreated = {
      type: 'PaymentCreated',
      data: {
        paymentId, buybackId: randomUUID(), accountId: DEMO_IDS.accounts.demo,
        buyback: { identificationNumber: '4199999999999', storeId: null, warehouseId: randomUUID(), buyerId: randomUUID(), organizationId: null },
        origin: 'buyback_completed', paymentModeId: randomUUID(), paymentType: 'bank_transfer', provider: 'payment_wallet',
        validatedPrice: { amountInCents: 5_000, currency: 'EUR' }, modifier: { kind: 'disabled' }, circuitBonus: { amountInCents: 0, currency: 'EUR' }, amount: { amountInCents: 5_000, currency: 'EUR' },
      },
    };
    const stream = PAYMENT_STREAMS.payment.name(paymentId);
    await t.platform.eventStore.appendToStream(stream, [toNewEvent(created, randomUUID(), metadata)], 'no_stream');
    await eventually(() => t.platform.documents.collection(PAYMENT_PROVIDER_QUEUE).get(paymentId), (doc) => doc !== null);
    await workerWith(http()).runOnce();
    expect((await eventsOf(paymentId)).at(-1)).toMatchObject({ type: 'PaymentFailed', data: { reasonCode: 'BENEFICIARY_REFUSED' } });

    // An operator relaunches it once the beneficiary is fixed at the provider.
    const relaunch: PaymentEvent = { type: 'PaymentRelaunched', data: { paymentId, attempt: 2, reason: 'beneficiary fixed' } };
    await t.platform.eventStore.appendToStream(stream, [toNewEvent(relaunch, randomUUID(), { ...metadata, correlationId: randomUUID() })], 1);
    await eventually(() => t.platform.documents.collection(PAYMENT_PROVIDER_QUEUE).get(paymentId), (doc) => (doc as { attempt?: number } | null)?.attempt === 2);
    const fixed = new HttpPaymentProvider({ baseUrl: provider.url, apiKey: provider.apiKey, backoffMs: 10 });
    const withoutRefusal: PaymentGateway = { initiate: (order) => fixed.initiate({ ...order, reference: '4100000000000' }) };
    await workerWith(withoutRefusal).runOnce();
    const events = await eventsOf(paymentId);
    expect(events.at(-1)).toMatchObject({ type: 'PaymentInitiated', data: { attempt: 2 } });
    expect(provider.payments.has(`${paymentId}.1`)).toBe(false);
    expect(provider.payments.has(`${paymentId}.2`)).toBe(true);
  });
});
