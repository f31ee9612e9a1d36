import { expect } from 'vitest';
import type { ApiClient } from './test-platform.js';
import { createStoreBuyback, expectOk, type CreatedBuyback } from './api-helpers.js';
import { bestResponses, PARIS } from './buyback-fixtures.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';

/** Demo Retail's people at the warehouse's door: the Paris seller ships, the operator checks in and checks. */
export interface WarehouseActors {
  seller: ApiClient;
  operator: ApiClient;
}

export interface ItemInHand {
  buyback: CreatedBuyback;
  itemId: string;
}

/** A Paris buyback registered (its item awaiting shipment). */
export async function registeredItem(actors: WarehouseActors, options: Parameters<typeof createStoreBuyback>[2] = {}): Promise<ItemInHand> {
  const buyback = await createStoreBuyback(actors.seller, PARIS, { paymentType: 'bank_transfer', ...options });
  const lookup = await expectOk(actors.operator.get(`/items/by-code/${buyback.identificationNumber}`));
  return { buyback, itemId: lookup.item.id };
}

/** Registered, then shipped by the store. */
export async function shippedItem(actors: WarehouseActors, options: Parameters<typeof createStoreBuyback>[2] = {}): Promise<ItemInHand> {
  const item = await registeredItem(actors, options);
  await expectOk(actors.seller.post(`/buybacks/${item.buyback.id}/ship`, {}));
  return item;
}

/** Shipped, then checked in at the warehouse. */
export async function checkedInItem(actors: WarehouseActors, options: Parameters<typeof createStoreBuyback>[2] = {}): Promise<ItemInHand> {
  const item = await shippedItem(actors, options);
  await expectOk(actors.operator.post('/warehouse/check-ins', { code: item.buyback.identificationNumber }), 201);
  return item;
}

/** Answers to a product's questions: as declared (the first of each), worn (the worst that still gives a price), or without the box. */
export async function answersFor(client: ApiClient, productId: string, found: 'as_declared' | 'worn' | 'no_accessory' = 'as_declared') {
  if (found === 'as_declared') return bestResponses(client, productId);
  const questions = (await expectOk(client.get(`/products/${productId}/diagnostic-questions`))).items as Array<{
    id: string;
    type: 'unique' | 'multiple';
    answers: Array<{ id: string; blocksEstimate: boolean }>;
  }>;
  return questions.map((q) => {
    const usable = q.answers.filter((a) => !a.blocksEstimate);
    const last = usable.at(-1)!;
    const chosen = found === 'worn' || q.type === 'multiple' ? last : usable[0]!;
    return { questionId: q.id, answerIds: [chosen.id] };
  });
}

export const IPHONE_15 = DEMO_IDS.products.iphone15_128;

/** The item's detail, with its ETag's revision. */
export async function itemOf(client: ApiClient, itemId: string) {
  const answer = await client.get(`/items/${itemId}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

export async function buybackStatusOf(client: ApiClient, buybackId: string): Promise<string> {
  return (await expectOk(client.get(`/buybacks/${buybackId}`))).status;
}
