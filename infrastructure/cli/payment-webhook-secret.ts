/**
 * `npm run payment-webhook-secret`: prints the secret payment providers sign
 * their reports with (POST /api/payments/provider-webhook), to give to a
 * provider out of band: PAYMENT_WEBHOOK_SECRET when set, else this
 * installation's own, made in DATA_DIR on its first start (made now if the
 * server never started). Only the secret goes to stdout; where it comes
 * from goes to stderr.
 */
import { loadConfig } from '../config.js';
import { paymentWebhookSecret } from '../security/payment-webhook-secret.js';
import { runCli } from './open-stores.js';

await runCli(async () => {
  const extra = process.argv.slice(2).filter((arg) => arg !== '--');
  if (extra.length > 0) {
    console.error('Usage: npm run payment-webhook-secret (DATA_DIR and PAYMENT_WEBHOOK_SECRET as the server reads them)');
    return 1;
  }
  const { secret, source, file } = paymentWebhookSecret(loadConfig(process.env));
  console.error(source === 'environment' ? 'From PAYMENT_WEBHOOK_SECRET:' : `This installation's own, kept in ${file}:`);
  console.log(secret);
  return 0;
});
