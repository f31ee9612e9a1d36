import 'reflect-metadata';
import { expect } from 'vitest';
import type { MemoryMailer } from '../../infrastructure/mail/mailers.js';
import type { DocumentStore, StoredDocument } from '../../application/ports/document-store.js';
import { ALL_PROJECTIONS } from '../support/assembly.js';
import { ApiClient, startPlatformOn, type ApiResponse, type RunningPlatform, type TestPlatform } from './test-platform.js';

export { startPlatformOn, type RunningPlatform };
import { creationBody, customer, PARIS } from './buyback-fixtures.js';

// ---------------------------------------------------------------------------
// A platform on a data folder the caller owns, so it can be stopped and started again
// ---------------------------------------------------------------------------

/** Stops a running platform and starts a new one on the same data folder (a process restart). */
export async function restartPlatform(running: RunningPlatform): Promise<RunningPlatform> {
  await running.stop();
  return startPlatformOn(running.dataDir);
}

/** The same session (token and module) against another base URL, e.g. after a restart. */
export function sameSessionOn(baseUrl: string, client: ApiClient): ApiClient {
  return new ApiClient(baseUrl, client.token, client.module);
}

// ---------------------------------------------------------------------------
// Buybacks through the API
// ---------------------------------------------------------------------------

/** The answer's body once its status is `status`; otherwise the test fails, showing the body. */
export async function expectOk(response: Promise<{ status: number; body: any }>, status = 200): Promise<any> {
  const r = await response;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body;
}

/**
 * The demo's store seller, warehouse operator and retailer root, and `create`,
 * which registers a Paris buyback for a customer with the given fields: what
 * the projection tests build their histories with.
 */
export async function historyActors(platform: TestPlatform) {
  const seller = await platform.login('seller@demo.test');
  const warehouse = await platform.login('warehouse@demo.test');
  const retailer = await platform.login('retailer@demo.test', 'root');
  const create = async (overrides: Record<string, unknown> = {}, paymentType = 'bank_transfer') =>
    (await expectOk(seller.post(`/store/${PARIS}/buybacks`, await creationBody(seller, { paymentType, customer: customer(overrides) })), 201)).id as string;
  return { seller, warehouse, retailer, create };
}

export interface CreatedBuyback {
  id: string;
  identificationNumber: string;
  status: string;
  declaredPriceInCents: number;
}

type CreationOptions = Parameters<typeof creationBody>[1];

/** Registers a store buyback and reads back its declared price; fails loudly on anything but 201. */
export async function createStoreBuyback(client: ApiClient, storeId: string, options: CreationOptions = {}): Promise<CreatedBuyback> {
  const body = await creationBody(client, options);
  const created = await client.post(`/store/${storeId}/buybacks`, body);
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  return withDeclaredPrice(client, created);
}

/** Registers a web buyback (the client is a storefront visitor's anonymous session). */
export async function createWebBuyback(
  visitor: ApiClient,
  reader: ApiClient,
  options: Omit<CreationOptions, 'channel'> = {},
): Promise<CreatedBuyback> {
  const body = await creationBody(visitor, { ...options, channel: 'web' });
  const created = await visitor.post('/web/buybacks', body);
  if (created.status !== 201) throw new Error(`create web: ${created.status} ${JSON.stringify(created.body)}`);
  return withDeclaredPrice(reader, created);
}

async function withDeclaredPrice(reader: ApiClient, created: ApiResponse): Promise<CreatedBuyback> {
  const detail = await reader.get(`/buybacks/${created.body.id}`);
  if (detail.status !== 200) throw new Error(`detail: ${detail.status} ${JSON.stringify(detail.body)}`);
  return {
    id: created.body.id,
    identificationNumber: created.body.identificationNumber,
    status: created.body.status,
    declaredPriceInCents: detail.body.declaredPrice.amountInCents,
  };
}

/** A store buyback taken to `bb_in_processing`: registered and shipped by the seller, checked in by the warehouse. */
export async function receivedBuyback(seller: ApiClient, warehouse: ApiClient, storeId: string, options: CreationOptions = {}) {
  const buyback = await createStoreBuyback(seller, storeId, options);
  const shipped = await seller.post(`/buybacks/${buyback.id}/ship`, { trackingNumber: null, trackingLink: null });
  if (shipped.status !== 200) throw new Error(`ship: ${shipped.status} ${JSON.stringify(shipped.body)}`);
  const checkedIn = await warehouse.post(`/buybacks/${buyback.id}/check-in`, {});
  if (checkedIn.status !== 200) throw new Error(`check-in: ${checkedIn.status} ${JSON.stringify(checkedIn.body)}`);
  return { ...buyback, status: checkedIn.body.status as string };
}

/** The buyback as one list row, found through the identification-number filter. */
export async function listedRow(client: ApiClient, identificationNumber: string) {
  const list = await client.get(`/buybacks?identificationNumber=${identificationNumber}`);
  expect(list.status).toBe(200);
  return (list.body.items as Array<Record<string, any>>).find((row) => row.identificationNumber === identificationNumber) ?? null;
}

/** The status a command answered, the detail shows and the list shows, right after the command (no waiting). */
export async function expectStatusEverywhere(client: ApiClient, buyback: { id: string; identificationNumber: string }, status: string) {
  const detail = await client.get(`/buybacks/${buyback.id}`);
  expect(detail.status).toBe(200);
  expect(detail.body.status, 'status in GET /buybacks/{id}').toBe(status);
  const row = await listedRow(client, buyback.identificationNumber);
  expect(row?.status, 'status in GET /buybacks').toBe(status);
  return detail;
}

export async function historyOf(client: ApiClient, id: string): Promise<Array<Record<string, any>>> {
  const history = await client.get(`/buybacks/${id}/history`);
  if (history.status !== 200) throw new Error(`history: ${history.status} ${JSON.stringify(history.body)}`);
  return history.body.items;
}

/** The secret of the price-proposal link in the last e-mail sent to `to`. */
export function proposalTokenFromMail(mailer: MemoryMailer, to: string): { link: string; token: string; text: string } {
  const message = [...mailer.sent].reverse().find((m) => m.to === to);
  if (!message) throw new Error(`no e-mail to ${to}`);
  const link = /https?:\/\/\S+/.exec(message.text)?.[0];
  if (!link) throw new Error(`no link in ${message.text}`);
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return { link, token, text: message.text };
}

// ---------------------------------------------------------------------------
// Wire-format checks
// ---------------------------------------------------------------------------

export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z$/;
const TIME_KEYS = /(?:At|^at|^createdFrom|^createdTo)$/;

/** Every money value (`amountInCents`, `…InCents`, a product's `prices`) anywhere in `value`, with its path. */
export function moneyValues(value: unknown, path = '$'): Array<{ path: string; value: unknown }> {
  if (Array.isArray(value)) return value.flatMap((item, index) => moneyValues(item, `${path}[${index}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => {
    const here = `${path}.${key}`;
    if (key === 'amountInCents' || key.endsWith('InCents')) return [{ path: here, value: child }];
    if (key === 'prices' && child && typeof child === 'object') {
      return Object.entries(child as Record<string, unknown>).map(([grade, cents]) => ({ path: `${here}.${grade}`, value: cents }));
    }
    return moneyValues(child, here);
  });
}

/** Every timestamp (`…At`, `at`) anywhere in `value`, with its path. */
export function timeValues(value: unknown, path = '$'): Array<{ path: string; value: unknown }> {
  if (Array.isArray(value)) return value.flatMap((item, index) => timeValues(item, `${path}[${index}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => {
    const here = `${path}.${key}`;
    if (TIME_KEYS.test(key) && (typeof child === 'string' || child === null)) return [{ path: here, value: child }];
    return timeValues(child, here);
  });
}

export type ProjectionSnapshot = Record<string, StoredDocument[]>;

/**
 * Every projection's collection, documents sorted by id, bookkeeping included
 * (the revisions a broadcast event such as CustomerForgotten left too: it
 * reaches the documents a rebuild holds in memory as well as the stored ones).
 * Two snapshots are equal when two ways of building the read models agree.
 */
export async function snapshot(documents: DocumentStore): Promise<ProjectionSnapshot> {
  const result: ProjectionSnapshot = {};
  for (const projection of ALL_PROJECTIONS) {
    result[projection.name] = await documents.collection(projection.collection).find({}, { sort: [['_id', 1]] });
  }
  return result;
}
