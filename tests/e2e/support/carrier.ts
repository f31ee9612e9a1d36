import { expect, type APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { carrierWebhookSecret } from '../../../infrastructure/security/carrier-webhook-secret.js';
import { signatureHeader } from '../../../infrastructure/security/webhook-signature.js';
import { createStoreBuyback, StaffApi, type CreatedBuyback } from './dashboard.js';

/**
 * The server's webhook secret, read as `npm run carrier-webhook-secret` reads
 * it: CARRIER_WEBHOOK_SECRET when the server was given one, else the
 * installation's own, made on its first start in the data folder the
 * playwright config gives it (E2E_DATA_DIR).
 */
function webhookSecret(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the browser tests through playwright.config.ts');
  return carrierWebhookSecret({ dataDir, carrier: { webhookSecret: process.env.CARRIER_WEBHOOK_SECRET || null } }).secret;
}

/** What GET /packages/{id} answers, as far as these tests read it. */
export interface PackageAnswer {
  id: string;
  number: string;
  status: string;
  label: { carrier: string; trackingNumber: string } | null;
}

/**
 * A store buyback of the demo seller, packed in a new package to its warehouse
 * under a carrier's label, the package closed, and its label made by the
 * embedded carrier (the label worker runs every second).
 */
export async function packedAndLabelled(request: APIRequestContext, options: Parameters<typeof createStoreBuyback>[1] = {}): Promise<{ buyback: CreatedBuyback; package: PackageAnswer }> {
  const seller = await StaffApi.login(request, 'seller@demo.test');
  const buyback = await createStoreBuyback(seller, options);
  const { warehouseId } = await seller.ok('get', `/buybacks/${buyback.id}`);
  const opened = await seller.ok('post', '/packages', { warehouseId, labelMode: 'with_label' });
  await seller.ok('post', `/packages/${opened.id}/items`, { code: buyback.identificationNumber });
  await seller.ok('post', `/packages/${opened.id}/close`);
  let found: PackageAnswer | null = null;
  await expect
    .poll(async () => {
      found = (await seller.ok('get', `/packages/${opened.id}`)) as PackageAnswer;
      return found.label?.trackingNumber ?? null;
    }, { timeout: 20_000 })
    .not.toBeNull();
  return { buyback, package: found as unknown as PackageAnswer };
}

/** The carrier's signed report on a tracking number, as its webhook sends it. */
export async function carrierReports(request: APIRequestContext, trackingNumber: string, type: string): Promise<void> {
  const body = JSON.stringify({ eventId: randomUUID(), type, trackingNumber, occurredAt: new Date().toISOString() });
  const response = await request.post('/api/transport/events', {
    data: body,
    headers: { 'Content-Type': 'application/json', 'X-Carrier-Signature': signatureHeader(webhookSecret(), body, Date.now() / 1000) },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}
