import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpPaymentProvider } from '../../infrastructure/payments/http-payment-provider.js';
import { PaymentProviderRefusedError, PaymentProviderUnavailableError, paymentIdempotencyKey, type PaymentOrder } from '../../application/payments/payment-gateway.js';
import { startFakePaymentProvider, type FakePaymentProvider } from '../support/fake-payment-provider.js';

/** HttpPaymentProvider against a fake provider over real HTTP (docs/payment-provider-contract.md). */

let provider: FakePaymentProvider;
beforeAll(async () => {
  provider = await startFakePaymentProvider();
});
afterAll(async () => {
  await provider?.close();
});

let sequence = 0;
function order(overrides: Partial<PaymentOrder> = {}): PaymentOrder {
  sequence += 1;
  const paymentId = `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  return {
    paymentId,
    attempt: 1,
    idempotencyKey: paymentIdempotencyKey(paymentId, 1),
    provider: 'bank_transfer_provider',
    type: 'bank_transfer',
    amount: { amountInCents: 12_345, currency: 'EUR' },
    reference: `21676927927${String(sequence).padStart(2, '0')}`,
    ...overrides,
  };
}

function adapter(options: { timeoutMs?: number; maxRequests?: number } = {}) {
  return new HttpPaymentProvider({ baseUrl: provider.url, apiKey: provider.apiKey, backoffMs: 10, ...options });
}

function requestsOf(key: string) {
  return provider.requests.filter((request) => request.idempotencyKey === key);
}

describe('Given a provider that answers', () => {
  it('when a payment is initiated, then its reference comes back, and the request carries the key, the amount in cents and the reference', async () => {
    const o = order();
    const answer = await adapter().initiate(o);
    expect(answer.providerReference).toBe(provider.payments.get(o.idempotencyKey)?.providerReference);
    const [request] = requestsOf(o.idempotencyKey);
    expect(request).toMatchObject({
      method: 'POST',
      path: '/payments',
      authorization: `Bearer ${provider.apiKey}`,
      idempotencyKey: `${o.paymentId}.1`,
      body: { paymentId: o.paymentId, attempt: 1, provider: 'bank_transfer_provider', type: 'bank_transfer', amount: { amountInCents: 12_345, currency: 'EUR' }, reference: o.reference },
    });
  });

  it('when the same attempt is initiated twice, then the provider pays once and both answers name the same payment', async () => {
    const o = order();
    const first = await adapter().initiate(o);
    const second = await adapter().initiate(o);
    expect(second).toEqual(first);
    expect([...provider.payments.values()].filter((p) => p.idempotencyKey === o.idempotencyKey)).toHaveLength(1);
  });
});

describe('Given a provider that fails first', () => {
  it('when it answers 500 then 200, then the payment is initiated after a retry with the same key, and paid once', async () => {
    const o = order();
    provider.failNext(1);
    const answer = await adapter().initiate(o);
    const requests = requestsOf(o.idempotencyKey);
    expect(requests).toHaveLength(2);
    expect(provider.payments.get(o.idempotencyKey)?.providerReference).toBe(answer.providerReference);
  });

  it('when it does not answer within the timeout but took the payment, then the retry with the same key gets the same payment', async () => {
    const o = order();
    const before = provider.payments.size;
    provider.answerLate(1, 1_000);
    const answer = await adapter({ timeoutMs: 200 }).initiate(o);
    expect(requestsOf(o.idempotencyKey)).toHaveLength(2);
    expect(provider.payments.size).toBe(before + 1);
    expect(answer.providerReference).toBe(provider.payments.get(o.idempotencyKey)?.providerReference);
  });

  it('when it keeps failing, then after the last request it is unavailable (to ask again later), naming no key', async () => {
    const o = order();
    provider.failNext(3, 503);
    const error = await adapter({ maxRequests: 3 }).initiate(o).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderUnavailableError);
    expect((error as Error).message).toContain('503 PROVIDER_DOWN');
    expect((error as Error).message).not.toContain(provider.apiKey);
    expect(requestsOf(o.idempotencyKey)).toHaveLength(3);
    expect(provider.payments.has(o.idempotencyKey)).toBe(false);
  });

  it('when it times out on every request, then it is unavailable and says so', async () => {
    const o = order();
    provider.answerLate(2, 1_000);
    const error = await adapter({ timeoutMs: 150, maxRequests: 2 }).initiate(o).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderUnavailableError);
    expect((error as Error).message).toContain('no answer within 150 ms');
  });
});

describe('Given a provider that refuses', () => {
  it('when it answers 422, then the refusal carries its code, without a retry', async () => {
    const o = order({ reference: '9999999999999' });
    provider.refuseReference('9999999999999');
    const error = await adapter().initiate(o).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderRefusedError);
    expect((error as PaymentProviderRefusedError).code).toBe('BENEFICIARY_REFUSED');
    expect(requestsOf(o.idempotencyKey)).toHaveLength(1);
  });

  it('when the key is wrong, then it is refused (401) and the key is in no message', async () => {
    const o = order();
    const wrong = new HttpPaymentProvider({ baseUrl: provider.url, apiKey: 'not-the-key', backoffMs: 10 });
    const error = await wrong.initiate(o).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderRefusedError);
    expect((error as PaymentProviderRefusedError).code).toBe('UNAUTHORIZED');
    expect((error as Error).message).not.toContain('not-the-key');
  });
});
