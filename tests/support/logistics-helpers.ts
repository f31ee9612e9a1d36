import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import type { AppConfig } from '../../infrastructure/config.js';
import { carrierWebhookSecret } from '../../infrastructure/security/carrier-webhook-secret.js';
import { signatureHeader } from '../../infrastructure/security/webhook-signature.js';
import { createStoreBuyback, expectOk, type CreatedBuyback } from './api-helpers.js';
import type { ApiClient, ApiResponse } from './test-platform.js';

/**
 * The logistics API tests' shared steps: a package opened, filled by scan and
 * closed; a label waited for the way the UIs poll; a carrier's report signed
 * as the carrier signs it (docs/carrier-contract.md).
 */

export const PARIS = DEMO_IDS.stores.paris;
export const ORLEANS = DEMO_IDS.warehouses.demo;
export const LYON = DEMO_IDS.warehouses.demoLyon;

export interface OpenedPackage {
  id: string;
  number: string;
  status: string;
}

export async function openPackage(client: ApiClient, body: Record<string, unknown> = { warehouseId: ORLEANS, labelMode: 'with_label' }): Promise<OpenedPackage> {
  const opened = await expectOk(client.post('/packages', body), 201);
  return (await expectOk(client.get(`/packages/${opened.id}`))) as OpenedPackage;
}

export const scan = (client: ApiClient, packageId: string, code: string, headers: Record<string, string> = {}) =>
  client.post(`/packages/${packageId}/items`, { code }, headers);

/** `count` Paris buybacks (store_drop: they travel under a label) in a new package for Orléans, closed. */
export async function closedPackage(seller: ApiClient, count = 1, options: Parameters<typeof createStoreBuyback>[2] = {}): Promise<{ pkg: OpenedPackage; buybacks: CreatedBuyback[] }> {
  const buybacks: CreatedBuyback[] = [];
  for (let i = 0; i < count; i++) buybacks.push(await createStoreBuyback(seller, PARIS, options));
  const pkg = await openPackage(seller);
  for (const buyback of buybacks) await expectOk(scan(seller, pkg.id, buyback.identificationNumber));
  await expectOk(seller.post(`/packages/${pkg.id}/close`, {}));
  return { pkg, buybacks };
}

/** Asks `read` every `everyMs` until `done` holds of its answer (or the time is up: the last answer is given back). */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, { timeoutMs = 15_000, everyMs = 100 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    value = await read();
  }
  return value;
}

/** Polls HEAD the way the UIs do (here every 200 ms), until it is not 425. */
export async function labelReadiness(client: ApiClient, path: string, timeoutMs = 15_000): Promise<number> {
  const answer = await eventually(() => client.request('HEAD', path), (a) => a.status !== 425, { timeoutMs, everyMs: 200 });
  return answer.status;
}

/** The package once its label is made (its tracking number known). */
export async function packageWithLabel(client: ApiClient, packageId: string, timeoutMs = 15_000) {
  const pkg = await eventually(
    async () => expectOk(client.get(`/packages/${packageId}`)),
    (p) => p.labelStatus === 'ready',
    { timeoutMs },
  );
  expect(pkg.labelStatus, `package ${packageId} has its label`).toBe('ready');
  return pkg as { id: string; number: string; status: string; label: { trackingNumber: string; carrier: string; trackingLink: string | null }; deliveryStatus: string | null };
}

export interface CarrierReportBody {
  eventId: string;
  type: string;
  trackingNumber: string;
  occurredAt: string;
}

export function carrierReport(trackingNumber: string, type: string, overrides: Partial<CarrierReportBody> = {}): CarrierReportBody {
  return { eventId: `evt_${randomUUID()}`, type, trackingNumber, occurredAt: new Date().toISOString(), ...overrides };
}

/** A running platform, as a carrier sees it: its API, and its configuration (where its webhook secret is). */
export interface WebhookTarget {
  api: ApiClient;
  platform: { config: Pick<AppConfig, 'dataDir' | 'carrier'> };
}

/** The platform's webhook secret, read the way `npm run carrier-webhook-secret` reads it (CARRIER_WEBHOOK_SECRET, else the installation's own in DATA_DIR). */
export function webhookSecretOf(target: WebhookTarget): string {
  return carrierWebhookSecret(target.platform.config).secret;
}

/**
 * POSTs a carrier's report to the webhook with the raw body signed as
 * given: `signature` 'none' sends no header, a string sends that header;
 * by default the platform's own secret signs it now.
 */
export async function sendCarrierReport(
  target: WebhookTarget,
  report: CarrierReportBody | string,
  options: { secret?: string; nowSeconds?: number; signature?: string | 'none'; contentType?: string } = {},
): Promise<ApiResponse> {
  const raw = typeof report === 'string' ? report : JSON.stringify(report);
  const header =
    options.signature === 'none'
      ? null
      : (options.signature ?? signatureHeader(options.secret ?? webhookSecretOf(target), raw, options.nowSeconds ?? Math.floor(Date.now() / 1000)));
  return target.api.request('POST', '/transport/events', raw, {
    ...(header ? { 'X-Carrier-Signature': header } : {}),
    ...(options.contentType ? { 'Content-Type': options.contentType } : {}),
  });
}
