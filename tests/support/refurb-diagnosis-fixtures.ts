/**
 * What the diagnosis tests need, written as events (the step definitions'
 * and questions' own screens belong to another feature): step definitions
 * with their costs per warehouse, questions planning them, and a completed
 * item (checked as declared: item_completed, in the to-refurbish stock).
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { toNewEvent, type DomainEvent } from '../../application/events/codec.js';
import { REFURBISHMENT_STREAMS } from '../../application/refurbishment/streams.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { nativeStockId } from '../../domain/warehouse/stocks/native-stocks.js';
import type { RefurbAnswer, RefurbQuestionType } from '../../domain/refurbishment/events.js';
import { bestResponses, PARIS } from './buyback-fixtures.js';
import { expectOk } from './api-helpers.js';
import { checkedInItem, type ShippedItem } from './warehouse-helpers.js';
import { gs1CheckDigit } from '../../domain/values/gtin.js';
import type { ApiClient, TestPlatform } from './test-platform.js';

export const WAREHOUSE = DEMO_IDS.warehouses.demo;
export const TO_REFURBISH = nativeStockId(WAREHOUSE, 'to_refurbish');
export const eur = (amountInCents: number) => ({ amountInCents, currency: 'EUR' as const });

async function append(t: TestPlatform, stream: string, events: DomainEvent[], accountId: string = DEMO_IDS.accounts.demo): Promise<void> {
  const metadata = { accountId, organizationId: null, userId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
  const appended = await t.platform.eventStore.appendToStreams([{ streamName: stream, events: events.map((e) => toNewEvent(e, randomUUID(), metadata)), expectedRevision: 'any' }]);
  await t.platform.runner.waitFor(appended[0]!.lastGlobalPosition, 10_000);
}

export async function givenStepDefinition(t: TestPlatform, name: string, costs: Array<[string, number]>, stockId: string = TO_REFURBISH): Promise<string> {
  const id = randomUUID();
  await append(t, REFURBISHMENT_STREAMS.stepDefinition.name(id), [
    {
      type: 'RefurbStepDefined',
      data: { stepDefinitionId: id, accountId: DEMO_IDS.accounts.demo, name, description: `${name} : description`, stockId, costs: costs.map(([warehouseId, cents]) => ({ warehouseId, cost: eur(cents) })), translations: null },
    },
  ]);
  return id;
}

export async function deleteStepDefinition(t: TestPlatform, id: string): Promise<void> {
  await append(t, REFURBISHMENT_STREAMS.stepDefinition.name(id), [{ type: 'RefurbStepDefinitionDeleted', data: { stepDefinitionId: id } }]);
}

/** A question for one product (so no other test's item is asked it), its answers given as [label, step definitions]. */
export async function givenQuestion(
  t: TestPlatform,
  label: string,
  questionType: RefurbQuestionType,
  answers: Array<[string, string[]]>,
  productIds: string[],
  position: number,
): Promise<{ id: string; answers: RefurbAnswer[] }> {
  const id = randomUUID();
  const built = answers.map(([answerLabel, stepDefinitionIds]) => ({ answerId: randomUUID(), label: answerLabel, stepDefinitionIds }));
  await append(t, REFURBISHMENT_STREAMS.diagnosisQuestion.name(id), [
    {
      type: 'RefurbDiagnosisQuestionCreated',
      data: { questionId: id, accountId: DEMO_IDS.accounts.demo, label, questionType, answers: built, categoryIds: [], productIds, position, translations: { 'en-GB': { label: `${label} (en)` } } },
    },
  ]);
  return { id, answers: built };
}

/** An item of this product checked as declared: completed, in the to-refurbish stock of the demo warehouse. */
export async function completedItem(seller: ApiClient, operator: ApiClient, productId: string): Promise<ShippedItem> {
  const item = await checkedInItem(seller, operator, PARIS, { productId });
  const check = { productId, responses: await bestResponses(operator, productId), decision: { kind: 'by_rule' } };
  const checked = await expectOk(operator.post(`/items/${item.item.id}/compliance-checks`, check));
  expect(checked.status).toBe('item_completed');
  return { ...item, item: { ...item.item, status: 'item_completed' } };
}

/** Another item whose 13-digit code differs but ends with the same 8 characters (created, not shipped): the short code names both. */
export async function givenTwinItem(t: TestPlatform, code: string, productId: string): Promise<string> {
  const tail = code.slice(5, 12);
  let twin: string | null = null;
  for (let head = 0; head < 100_000 && twin === null; head++) {
    const candidate = `${String(head).padStart(5, '0')}${tail}`;
    if (candidate !== code.slice(0, 12) && gs1CheckDigit(candidate) === Number(code.slice(-1))) twin = `${candidate}${code.slice(-1)}`;
  }
  if (twin === null) throw new Error('no twin code');
  const twinId = randomUUID();
  await append(t, `item-${twinId}`, [
    {
      type: 'ItemCreated',
      data: {
        itemId: twinId,
        buybackId: randomUUID(),
        identificationNumber: twin,
        shortCode: twin.slice(-8),
        awaiting: 'store_shipment',
        storeId: DEMO_IDS.stores.paris,
        warehouseId: WAREHOUSE,
        buyerId: DEMO_IDS.buyers.demo,
        product: { productId, label: 'Jumeau', brand: 'Samsung', categoryId: DEMO_IDS.categories.smartphones, ean: null },
        imei: null,
        purchasePrice: eur(10_000),
      },
    },
  ]);
  return twinId;
}
