import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toNewEvent, type DomainEvent } from '../../application/events/codec.js';
import { REFURBISHMENT_STREAMS, itemRefurbStepIdOf, refurbDiagnosisIdOf } from '../../application/refurbishment/streams.js';
import type { ItemRefurbStepEvent } from '../../domain/refurbishment/events.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { expectOk } from '../support/api-helpers.js';
import { nativeStockId } from '../../domain/warehouse/stocks/native-stocks.js';
import { bestResponses, PARIS } from '../support/buyback-fixtures.js';
import { checkedInItem, csvLines } from '../support/warehouse-helpers.js';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';

/**
 * An item's economic data (issue 22): its paid price after the check, the
 * steps planned for it (as the diagnosis plans them: ItemRefurbStepPlanned
 * on each step's stream), the steps' actions at known times, and its target
 * resale price; then GET /items/{id}/economics, the items list's columns,
 * filters and sort by margin, and the CSV export.
 */

let t: TestPlatform;
let manager: ApiClient;
let operator: ApiClient;
let seller: ApiClient;
let otherWarehouse: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  [manager, operator, seller, otherWarehouse] = await Promise.all([
    t.login('warehouse-manager@demo.test', 'rps'),
    t.login('warehouse@demo.test', 'rps'),
    t.login('seller@demo.test'),
    t.login('warehouse@other.test', 'rps'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const WAREHOUSE = DEMO_IDS.warehouses.demo;
const TO_REFURBISH = nativeStockId(WAREHOUSE, 'to_refurbish');
const eur = (amountInCents: number) => ({ amountInCents, currency: 'EUR' as const });

/** An item of this product checked as declared: completed (its validated price is what was paid). */
async function completedItem(productId: string): Promise<string> {
  const item = await checkedInItem(seller, operator, PARIS, { productId });
  const check = { productId, responses: await bestResponses(operator, productId), decision: { kind: 'by_rule' } };
  expect((await expectOk(operator.post(`/items/${item.item.id}/compliance-checks`, check))).status).toBe('item_completed');
  return item.item.id;
}

const at = (minutes: number) => new Date(Date.UTC(2026, 2, 2, 8, 0) + minutes * 60_000).toISOString();

async function append(stream: string, event: DomainEvent, occurredAt: string): Promise<void> {
  const metadata = { accountId: DEMO_IDS.accounts.demo, organizationId: WAREHOUSE, userId: null, correlationId: randomUUID(), causationId: null, occurredAt };
  const [appended] = await t.platform.eventStore.appendToStreams([{ streamName: stream, events: [toNewEvent(event, randomUUID(), metadata)], expectedRevision: 'any' }]);
  await t.platform.runner.waitFor(appended!.lastGlobalPosition, 10_000);
}

/** Steps planned for the item as its diagnosis would plan them, each [name, cost in cents]. */
async function planSteps(itemId: string, steps: Array<[string, number]>): Promise<string[]> {
  const diagnosisId = refurbDiagnosisIdOf(itemId);
  const ids: string[] = [];
  for (const [index, [name, cents]] of steps.entries()) {
    const id = itemRefurbStepIdOf(diagnosisId, index + 1);
    ids.push(id);
    const planned: ItemRefurbStepEvent = {
      type: 'ItemRefurbStepPlanned',
      data: { itemRefurbStepId: id, stepDefinitionId: randomUUID(), name, description: null, stockId: TO_REFURBISH, cost: eur(cents), sequence: index + 1, accountId: DEMO_IDS.accounts.demo, itemId, diagnosisId, warehouseId: WAREHOUSE },
    };
    await append(REFURBISHMENT_STREAMS.itemRefurbStep.name(id), planned, at(0));
  }
  return ids;
}

async function act(itemId: string, stepId: string, type: Exclude<ItemRefurbStepEvent['type'], 'ItemRefurbStepPlanned'>, minute: number): Promise<void> {
  const data = { itemRefurbStepId: stepId, itemId, ...(type === 'ItemRefurbStepCancelled' ? { comment: 'Inutile' } : type === 'ItemRefurbStepValidated' ? { comment: null } : {}) };
  await append(REFURBISHMENT_STREAMS.itemRefurbStep.name(stepId), { type, data } as DomainEvent, at(minute));
}

async function setTarget(itemId: string, cents: number | null) {
  const current = await expectOk(manager.get(`/items/${itemId}/economics`));
  // Never set (revision -1): nothing to match yet.
  const ifMatch: Record<string, string> = current.resaleTargetRevision >= 0 ? { 'If-Match': `"${current.resaleTargetRevision}"` } : {};
  return manager.request('PUT', `/items/${itemId}/resale-target`, { targetResalePriceInCents: cents }, ifMatch);
}

describe('Given an item checked as declared, with steps planned, worked, validated and cancelled', () => {
  let itemId: string;
  let paid: number;

  beforeAll(async () => {
    itemId = await completedItem(DEMO_IDS.products.iphone13_128);
    paid = (await expectOk(operator.get(`/items/${itemId}`))).validatedPrice.amountInCents;
    const [screen, battery, cleaning] = (await planSteps(itemId, [
      ['Écran', 4_999],
      ['Batterie', 2_501],
      ['Nettoyage', 700],
    ])) as [string, string, string];
    await act(itemId, screen, 'ItemRefurbStepStarted', 10);
    await act(itemId, screen, 'ItemRefurbStepPaused', 25);
    await act(itemId, screen, 'ItemRefurbStepResumed', 70);
    await act(itemId, screen, 'ItemRefurbStepValidated', 80);
    await act(itemId, battery, 'ItemRefurbStepCancelled', 90);
    await act(itemId, cleaning, 'ItemRefurbStepStarted', 100);
  });

  it('then its economics give the paid price, the planned cost without the cancelled step, the validated steps’ cost and each step’s time without its pauses', async () => {
    const economics = await expectOk(operator.get(`/items/${itemId}/economics`));
    expect(economics.paidPrice).toEqual(eur(paid));
    expect(economics.plannedRefurbCost).toEqual(eur(4_999 + 700));
    expect(economics.completedRefurbCost).toEqual(eur(4_999));
    expect(economics.targetResalePrice).toBeNull();
    expect(economics.margin).toBeNull();
    expect(economics.steps.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([
      ['Écran', 'completed'],
      ['Batterie', 'cancelled'],
      ['Nettoyage', 'in_progress'],
    ]);
    expect(economics.steps[0].spentSeconds).toBe(25 * 60);
    expect(economics.steps[1].spentSeconds).toBe(0);
    // In progress since minute 100: counted up to now.
    expect(economics.steps[2].spentSeconds).toBeGreaterThan(0);
  });

  it('when the manager sets a target resale price, then the margin is the target less the paid price and the planned cost, on the item and in the list', async () => {
    const target = paid + 4_999 + 700 + 12_345;
    const answer = await setTarget(itemId, target);
    expect(answer.status).toBe(200);
    const economics = await expectOk(operator.get(`/items/${itemId}/economics`));
    expect(economics).toMatchObject({ targetResalePrice: eur(target), margin: eur(12_345), resaleTargetRevision: 0 });
    const listed = (await expectOk(operator.get(`/items?buybackId=${(await expectOk(operator.get(`/items/${itemId}`))).buybackId}`))).items[0];
    expect(listed).toMatchObject({ plannedRefurbCost: eur(5_699), completedRefurbCost: eur(4_999), margin: eur(12_345), targetResalePrice: eur(target) });
    expect(listed.refurbSteps).toBeUndefined();
  });

  it('when the If-Match is stale, then the change is refused 412 and nothing changes; an operator may not set it', async () => {
    const stale = await manager.request('PUT', `/items/${itemId}/resale-target`, { targetResalePriceInCents: 1 }, { 'If-Match': '"7"' });
    expect(stale.status).toBe(412);
    expect((await operator.request('PUT', `/items/${itemId}/resale-target`, { targetResalePriceInCents: 1 })).status).toBe(403);
    expect((await manager.request('PUT', `/items/${itemId}/resale-target`, { targetResalePriceInCents: -1 })).status).toBe(400);
    expect((await expectOk(operator.get(`/items/${itemId}/economics`))).margin).toEqual(eur(12_345));
  });

  it('when the list is sorted by margin and filtered by it, then the items come in margin order and only those in range', async () => {
    // Two more items: one with a negative margin, one with a large one.
    const low = await completedItem(DEMO_IDS.products.pixel7_128);
    const high = await completedItem(DEMO_IDS.products.galaxyS23_128);
    await planSteps(low, [['Écran', 9_000]]);
    await planSteps(high, [['Nettoyage', 500]]);
    const paidOf = async (id: string) => (await expectOk(operator.get(`/items/${id}/economics`))).paidPrice.amountInCents as number;
    expect((await setTarget(low, (await paidOf(low)) + 9_000 - 2_000)).status).toBe(200);
    expect((await setTarget(high, (await paidOf(high)) + 500 + 80_000)).status).toBe(200);

    const descending = await expectOk(operator.get('/items?hasRefurbishment=true&order[margin]=desc&itemsPerPage=100'));
    const margins = descending.items.map((i: { margin: { amountInCents: number } | null }) => i.margin?.amountInCents ?? null).filter((m: number | null) => m !== null);
    expect(margins).toEqual([...margins].sort((a: number, b: number) => b - a));
    const ours = descending.items.map((i: { id: string }) => i.id).filter((id: string) => [itemId, low, high].includes(id));
    expect(ours).toEqual([high, itemId, low]);

    const negative = await expectOk(operator.get('/items?marginMax=-1&order[margin]=asc&itemsPerPage=100'));
    expect(negative.items.map((i: { id: string }) => i.id)).toContain(low);
    expect(negative.items.every((i: { margin: { amountInCents: number } }) => i.margin.amountInCents <= -1)).toBe(true);
    const range = await expectOk(operator.get('/items?marginMin=12345&marginMax=12345&itemsPerPage=100'));
    expect(range.items.map((i: { id: string }) => i.id)).toEqual([itemId]);
    const without = await expectOk(operator.get('/items?hasRefurbishment=false&itemsPerPage=100'));
    expect(without.items.every((i: { plannedRefurbCost: unknown }) => i.plannedRefurbCost === null)).toBe(true);
    expect((await operator.get('/items?marginMin=abc')).status).toBe(400);
  });

  it('when the list is exported, then the CSV carries the planned cost, completed cost, target and margin columns', async () => {
    const buybackId = (await expectOk(operator.get(`/items/${itemId}`))).buybackId;
    const exported = await manager.get(`/items/export?buybackId=${buybackId}`);
    expect(exported.status).toBe(200);
    const [header, row] = csvLines(exported.body as string) as [string, string];
    const columns = header.split(';');
    const cell = (name: string) => row.split(';')[columns.indexOf(name)];
    const euros = (cents: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);
    expect(cell('Coût de reconditionnement prévu')).toBe(euros(5_699));
    expect(cell('Coût des étapes terminées')).toBe(euros(4_999));
    expect(cell('Marge')).toBe(euros(12_345));
  });

  it('when another retailer or a caller without the feature asks, then it is not found or refused', async () => {
    expect((await otherWarehouse.get(`/items/${itemId}/economics`)).status).toBe(404);
    expect((await otherWarehouse.request('PUT', `/items/${itemId}/resale-target`, { targetResalePriceInCents: 100 })).status).toBe(403);
    const otherItem = (await expectOk(otherWarehouse.get('/items?itemsPerPage=1'))).items[0];
    if (otherItem) {
      const refused = await otherWarehouse.get(`/items/${otherItem.id}/economics`);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'PREMIUM_FEATURE_NOT_ENABLED' });
    }
  });
});
