import type { ApiClient } from './test-platform.js';
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
