/**
 * `npm run carrier-webhook-secret`: prints the secret carriers sign their
 * reports with (POST /api/transport/events), to give to a carrier out of
 * band: CARRIER_WEBHOOK_SECRET when set, else this installation's own, made
 * in DATA_DIR on its first start (made now if the server never started, and
 * then the one the server will use). Only the secret goes to stdout (for
 * `$(npm run --silent carrier-webhook-secret)`); where it comes from goes to
 * stderr.
 */
import { loadConfig } from '../config.js';
import { carrierWebhookSecret } from '../security/carrier-webhook-secret.js';
import { runCli } from './open-stores.js';

await runCli(async () => {
  const extra = process.argv.slice(2).filter((arg) => arg !== '--');
  if (extra.length > 0) {
    console.error('Usage: npm run carrier-webhook-secret (DATA_DIR and CARRIER_WEBHOOK_SECRET as the server reads them)');
    return 1;
  }
  const { secret, source, file } = carrierWebhookSecret(loadConfig(process.env));
  console.error(source === 'environment' ? 'From CARRIER_WEBHOOK_SECRET:' : `This installation's own, kept in ${file}:`);
  console.log(secret);
  return 0;
});
