import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Clock } from '../../application/ports/clock.js';
import { TOKENS } from '../../application/tokens.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { createStoreBuyback, expectOk, type CreatedBuyback } from './api-helpers.js';
import { bestResponses } from './buyback-fixtures.js';
import type { ApiClient, TestPlatform } from './test-platform.js';

/**
 * The warehouse's API tests' shared steps: a buyback shipped to the
 * warehouse and its item, checked in, checked; answers that make the check
 * find the device worse; the platform's clock moved for a while (an item
 * received days ago); the lines of a CSV answer.
 */

export interface ShippedItem {
  buyback: CreatedBuyback;
  item: { id: string; status: string; shortCode: string; identificationNumber: string };
}

type CreationOptions = Parameters<typeof createStoreBuyback>[2];

/** A store buyback registered and shipped by `seller`; its item, found by the buyback's code. */
export async function shippedItem(seller: ApiClient, reader: ApiClient, storeId: string, options: CreationOptions = {}): Promise<ShippedItem> {
  const buyback = await createStoreBuyback(seller, storeId, options);
  await expectOk(seller.post(`/buybacks/${buyback.id}/ship`, {}));
  const found = await expectOk(reader.get(`/items?buybackId=${buyback.id}`));
  const item = found.items[0] as ShippedItem['item'];
  expect(item.status).toBe('item_in_transit');
  return { buyback, item };
}

/** A shipped item checked in by `operator` (POST /warehouse/check-ins with its code): in the to-approve stock. */
export async function checkedInItem(seller: ApiClient, operator: ApiClient, storeId: string, options: CreationOptions = {}): Promise<ShippedItem> {
  const shipped = await shippedItem(seller, operator, storeId, options);
  const answer = await expectOk(operator.post('/warehouse/check-ins', { code: shipped.buyback.identificationNumber }), 201);
  expect(answer.status).toBe('item_registered_in_warehouse');
  return { ...shipped, item: { ...shipped.item, status: answer.status } };
}

/** The worst answer of each question that still lets the product be estimated: the check finds the device worse than declared. */
export async function worseResponses(client: ApiClient, productId: string) {
  const questions = (await expectOk(client.get(`/products/${productId}/diagnostic-questions`))).items as Array<{
    id: string;
    answers: Array<{ id: string; blocksEstimate: boolean }>;
  }>;
  return questions.map((q) => ({ questionId: q.id, answerIds: [q.answers.filter((a) => !a.blocksEstimate).at(-1)!.id] }));
}

/** The check's body that completes the item at its declared price. */
export async function asDeclared(client: ApiClient, productId: string = DEMO_IDS.products.iphone15_128) {
  return { productId, responses: await bestResponses(client, productId), decision: { kind: 'by_rule' } };
}

/** The check's body that proposes a lower price to the customer, for `reason`. */
export async function worseThanDeclared(client: ApiClient, reason: string, productId: string = DEMO_IDS.products.iphone15_128) {
  return { productId, responses: await worseResponses(client, productId), comment: reason, decision: { kind: 'by_rule', proposalReason: reason } };
}

const DAY_MS = 86_400_000;

/**
 * Runs `step` with the platform's clock `days` days in the past (what the
 * commands stamp their events with and the check-in its reception time),
 * then gives the clock back: an item checked in within is `days` days old.
 */
export async function daysAgo<T>(t: TestPlatform, days: number, step: () => Promise<T>): Promise<T> {
  const clock = t.platform.container.resolve<Clock>(TOKENS.Clock);
  const own = Object.prototype.hasOwnProperty.call(clock, 'now') ? clock.now : undefined;
  const real = clock.now.bind(clock);
  clock.now = () => new Date(Date.parse(real()) - days * DAY_MS).toISOString();
  try {
    return await step();
  } finally {
    if (own) clock.now = own;
    else delete (clock as Partial<Clock>).now;
  }
}

/** The CSV's lines, without the BOM and the last line break. */
export function csvLines(csv: string): string[] {
  return csv.replace(/^\uFEFF/, '').replace(/\r\n$/, '').split('\r\n');
}

/** The first bytes of an answer, as sent (fetch's text() reads a BOM away). */
export async function firstBytes(t: TestPlatform, client: ApiClient, path: string, count: number, headers: Record<string, string> = {}): Promise<number[]> {
  const raw = await fetch(`${t.baseUrl}/api${path}`, {
    headers: { Authorization: `Bearer ${client.token}`, ...(client.module ? { 'X-Module': client.module } : {}), ...headers },
  });
  return [...new Uint8Array(await raw.arrayBuffer()).slice(0, count)];
}

/**
 * The stocks API's steps for a test, `client()` acting unless another is
 * named (a getter: the clients are signed in by the test's beforeAll).
 */
export function stockSteps(client: () => ApiClient) {
  return {
    /** A name only this test uses: lists filtered by it show this test's stocks alone. */
    unique: (label: string) => `${label} ${randomUUID().slice(0, 8)}`,
    createStock: async (body: Record<string, unknown>, by: ApiClient = client()): Promise<string> => (await expectOk(by.post('/stocks', body), 201)).id as string,
    stock: (id: string, by: ApiClient = client()) => expectOk(by.get(`/stocks/${id}`)),
    listed: async (query: string, by: ApiClient = client()): Promise<Array<Record<string, any>>> => (await expectOk(by.get(`/stocks?itemsPerPage=100&${query}`))).items,
  };
}
