import { randomUUID } from 'node:crypto';
import type { ApiClient } from './test-platform.js';
import { toNewEvent } from '../../application/events/codec.js';
import { PAYMENT_STREAMS } from '../../application/payments/streams.js';
import type { PaymentCreated } from '../../domain/payments/events.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import type { Platform } from '../../infrastructure/container.js';
import { signatureHeader } from '../../infrastructure/security/webhook-signature.js';
import { paymentWebhookSecret } from '../../infrastructure/security/payment-webhook-secret.js';

interface WebhookTarget {
  platform: Platform;
  api: ApiClient;
}

/**
 * POSTs a payment provider's report to its webhook with the raw body signed
 * as given: `signature` 'none' sends no header, a string sends that header;
 * by default the platform's own payment webhook secret (or `secret`) signs it now.
 */
export function sendPaymentReport(target: WebhookTarget, body: unknown, options: { secret?: string; signature?: string } = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const secret = options.secret ?? paymentWebhookSecret(target.platform.config).secret;
  const header = options.signature === 'none' ? null : (options.signature ?? signatureHeader(secret, raw, Math.floor(Date.now() / 1000)));
  return target.api.request('POST', '/payments/provider-webhook', raw, header ? { 'X-Payment-Signature': header } : {});
}

/** A payment just created whose provider is reached over HTTP, as the payment process creates it (its PaymentCreated appended). */
export async function givenGatewayPayment(platform: Platform, options: { provider?: 'bank_transfer_provider' | 'gift_card_provider' | 'payment_wallet' } = {}): Promise<string> {
  const paymentId = randomUUID();
  const accountId = DEMO_IDS.accounts.demo;
  const event: PaymentCreated = {
    type: 'PaymentCreated',
    data: {
      paymentId,
      buybackId: randomUUID(),
      accountId,
      buyback: { identificationNumber: `5${String(Date.now()).slice(-12)}`, storeId: null, warehouseId: randomUUID(), buyerId: randomUUID(), organizationId: null },
      origin: 'buyback_completed',
      paymentModeId: randomUUID(),
      paymentType: 'bank_transfer',
      provider: options.provider ?? 'bank_transfer_provider',
      validatedPrice: { amountInCents: 10_000, currency: 'EUR' },
      modifier: { kind: 'disabled' },
      circuitBonus: { amountInCents: 0, currency: 'EUR' },
      amount: { amountInCents: 10_000, currency: 'EUR' },
    },
  };
  const metadata = { accountId, organizationId: null, userId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
  await platform.eventStore.appendToStream(PAYMENT_STREAMS.payment.name(paymentId), [toNewEvent(event, randomUUID(), metadata)], 'no_stream');
  return paymentId;
}

/** A provider's report as raw body and signature header, signed with the platform's payment webhook secret now. */
export function signedPaymentReport(platform: Platform, report: Record<string, unknown>): { body: string; headers: Record<string, string> } {
  const raw = JSON.stringify(report);
  return { body: raw, headers: { 'X-Payment-Signature': signatureHeader(paymentWebhookSecret(platform.config).secret, raw, Math.floor(Date.now() / 1000)) } };
}
