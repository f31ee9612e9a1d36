/**
 * An item whose refurbishment has planned steps, written as the diagnosis's
 * finalization writes it (another feature's screens): the item's
 * ItemRefurbDiagnosticStarted and ItemRefurbStarted, and one
 * ItemRefurbStepPlanned per step, in one atomic append.
 */
import { randomUUID } from 'node:crypto';
import { toNewEvent, type DomainEvent } from '../../application/events/codec.js';
import { foldStream } from '../../application/commands/command-handler.js';
import { itemDecider } from '../../application/warehouse/item-decider.js';
import { WAREHOUSE_STREAMS } from '../../application/warehouse/streams.js';
import { itemRefurbStepIdOf, refurbDiagnosisIdOf, REFURBISHMENT_STREAMS } from '../../application/refurbishment/streams.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import type { ItemRefurbStepPlanned } from '../../domain/refurbishment/events.js';
import { completedItem, eur, WAREHOUSE } from './refurb-diagnosis-fixtures.js';
import type { ApiClient, TestPlatform } from './test-platform.js';

export interface ItemInRefurb {
  itemId: string;
  identificationNumber: string;
  steps: Array<{ id: string; name: string; stockId: string }>;
}

/** A checked item of the demo warehouse, its refurbishment started with these steps (name, stock, cost in cents), in this order. */
export async function givenItemInRefurb(t: TestPlatform, seller: ApiClient, operator: ApiClient, productId: string, steps: Array<[string, string, number]>): Promise<ItemInRefurb> {
  const { item } = await completedItem(seller, operator, productId);
  const itemStream = WAREHOUSE_STREAMS.item.name(item.id);
  const history = await t.platform.eventStore.readStream(itemStream);
  const state = foldStream(itemDecider, history);
  const diagnosing = itemDecider.decide({ type: 'StartRefurbDiagnostic', data: {} }, state);
  const started = itemDecider.decide({ type: 'StartRefurb', data: {} } as never, diagnosing.reduce(itemDecider.evolve, state));
  const diagnosisId = refurbDiagnosisIdOf(item.id);
  const planned = steps.map(([name, stockId, cents], index): ItemRefurbStepPlanned => ({
    type: 'ItemRefurbStepPlanned',
    data: {
      itemRefurbStepId: itemRefurbStepIdOf(diagnosisId, index + 1),
      stepDefinitionId: randomUUID(),
      name,
      description: null,
      stockId,
      cost: eur(cents),
      sequence: index + 1,
      accountId: DEMO_IDS.accounts.demo,
      itemId: item.id,
      diagnosisId,
      warehouseId: WAREHOUSE,
    },
  }));
  const metadata = { accountId: DEMO_IDS.accounts.demo, organizationId: WAREHOUSE, userId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
  const asNew = (events: DomainEvent[]) => events.map((event) => toNewEvent(event, randomUUID(), metadata));
  const appended = await t.platform.eventStore.appendToStreams([
    { streamName: itemStream, events: asNew([...diagnosing, ...started]), expectedRevision: history.length - 1 },
    ...planned.map((event) => ({ streamName: REFURBISHMENT_STREAMS.itemRefurbStep.name(event.data.itemRefurbStepId), events: asNew([event]), expectedRevision: 'no_stream' as const })),
  ]);
  await t.platform.runner.waitFor(Math.max(...appended.map((a) => a.lastGlobalPosition)), 10_000);
  return { itemId: item.id, identificationNumber: item.identificationNumber, steps: planned.map((p) => ({ id: p.data.itemRefurbStepId, name: p.data.name, stockId: p.data.stockId })) };
}
