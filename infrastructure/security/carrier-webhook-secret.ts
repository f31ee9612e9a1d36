import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../config.js';

/** The file in DATA_DIR holding the installation's own webhook secret, beside the pepper (pepper.key). */
export const CARRIER_WEBHOOK_SECRET_FILE = 'carrier-webhook.key';

/** Where a platform's webhook secret comes from, and the secret. */
export interface CarrierWebhookSecret {
  secret: string;
  /** `environment`: CARRIER_WEBHOOK_SECRET; `installation`: the file in DATA_DIR. */
  source: 'environment' | 'installation';
  /** The file, for an installation's own. */
  file: string | null;
}

/**
 * The secret carriers sign their reports with (POST /api/transport/events):
 * CARRIER_WEBHOOK_SECRET when set, else the installation's own, 32 random
 * bytes made on its first start, in every mode, and kept in DATA_DIR (0600,
 * the owner's alone, like the pepper). Nobody knows it until someone reads it
 * there (`npm run carrier-webhook-secret`) to give it to a carrier, so no
 * report can be forged with a secret published anywhere. The file appears
 * whole or not at all (written aside, then linked), so a server and the CLI
 * starting together agree on one secret.
 */
export function carrierWebhookSecret(config: { dataDir: AppConfig['dataDir']; carrier: Pick<AppConfig['carrier'], 'webhookSecret'> }): CarrierWebhookSecret {
  return installationSecret(config.dataDir, CARRIER_WEBHOOK_SECRET_FILE, config.carrier.webhookSecret, 'CARRIER_WEBHOOK_SECRET');
}

/**
 * A webhook secret: the environment's when given, else the installation's
 * own in `dataDir/file` (made once, whole or not at all, 0600). The payment
 * providers' webhook secret is made the same way (payment-webhook-secret.ts).
 */
export function installationSecret(dataDir: string, fileName: string, fromEnvironment: string | null, variable: string): CarrierWebhookSecret {
  if (fromEnvironment) return { secret: fromEnvironment, source: 'environment', file: null };
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, fileName);
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
  } catch (error) {
    // Made on an earlier start (or by a process starting beside this one): that one is the installation's.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  chmodSync(file, 0o600);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable webhook secret: delete it to have a new one made, or set ${variable}`);
  return { secret, source: 'installation', file };
}
