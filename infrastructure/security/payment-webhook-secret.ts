import type { AppConfig } from '../config.js';
import { installationSecret, type CarrierWebhookSecret } from './carrier-webhook-secret.js';

/** The file in DATA_DIR holding the installation's own payment webhook secret, beside the carriers' one. */
export const PAYMENT_WEBHOOK_SECRET_FILE = 'payment-webhook.key';

/**
 * The secret payment providers sign their reports with (POST
 * /api/payments/provider-webhook): PAYMENT_WEBHOOK_SECRET when set, else the
 * installation's own, 32 random bytes made on its first start and kept in
 * DATA_DIR (0600), shown by `npm run payment-webhook-secret` to give to the
 * provider out of band. Never the carriers' secret: one leaked cannot forge
 * the other's reports.
 */
export function paymentWebhookSecret(config: { dataDir: AppConfig['dataDir']; paymentProvider: Pick<AppConfig['paymentProvider'], 'webhookSecret'> }): CarrierWebhookSecret {
  return installationSecret(config.dataDir, PAYMENT_WEBHOOK_SECRET_FILE, config.paymentProvider.webhookSecret, 'PAYMENT_WEBHOOK_SECRET');
}
