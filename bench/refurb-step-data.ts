/**
 * A workshop's items with their refurb steps, for the step action benchmark
 * (bench/refurb-step-action.ts): each item (bench/item-data.ts, spread over
 * the refurbishment's two statuses) with 3 to 7 planned steps (5 on
 * average: a million items hold five million steps), each step's events as
 * the actions wrote them (planned, started, paused, resumed, validated or
 * cancelled, with who and when), and its target resale price's event. The
 * read models are not imitated: the events are folded by the projections
 * that read them (the items list's economics, the steps'), as the runner
 * would, applied revisions included. The bulk items' own streams hold their creation only (as
 * bench/warehouse-items.ts writes them): the benchmark acts on items it
 * takes through the real check-in and check first.
 *
 * This is the reference path (the events through the real projections'
 * fold, WorkingSet included); bench/refurb-step-bulk.ts writes the same
 * rows straight into SQLite, and tests/bench/refurb-step-bulk.test.ts holds
 * it to this one.
 */
import type { StoredDocument, WriteOperation } from '../application/ports/document-store.js';
import type { EventMetadata, StoredEvent, StreamAppend } from '../application/ports/event-store.js';
import type { Projection } from '../application/ports/projection.js';
import { WorkingSet } from '../application/projections/apply-events.js';
import { domainTypeOf, toNewEvent, type DomainEvent } from '../application/events/codec.js';
import { itemRefurbStepIdOf, refurbDiagnosisIdOf, REFURBISHMENT_STREAMS } from '../application/refurbishment/streams.js';
import { WAREHOUSE_STREAMS } from '../application/warehouse/streams.js';
import type { ItemCreated } from '../domain/warehouse/items/events.js';
import type { ItemDocument } from '../application/warehouse/read-models.js';
import type { ItemRefurbStepEvent, ItemRefurbStepStatus, ItemResaleTargetSet } from '../domain/refurbishment/events.js';
import { derivedId } from '../domain/shared/derived-id.js';
import { nativeStockId } from '../domain/warehouse/stocks/native-stocks.js';
import { REFURB_DEMO_IDS } from '../infrastructure/modules/refurbishment/demo-definitions.js';
import { DEMO_IDS } from '../infrastructure/seed/demo-data.js';
import { itemRefurbStepsProjection } from '../projections/refurbishment/item-refurb-steps-projection.js';
import { itemsProjection } from '../projections/warehouse/items-projection.js';
import { itemFactory, type StatusSpread } from './item-data.js';

type Random = () => number;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The seed and the end of the period of the benchmark's workshop (every run writes the same items). */
export const WORKSHOP_SEED = 31;
export const WORKSHOP_END_MS = Date.parse('2026-11-01T18:00:00Z');

/** A workshop's items: a third still being refurbished, the others done. */
export const WORKSHOP_STATUSES: StatusSpread = [
  ['item_refurb_in_progress', 35, 'to_refurbish'],
  ['item_refurb_completed', 65, 'refurb_completed'],
];

/** The demo's step definitions (key, name, cost in cents); the other tenant's are named after them. */
export const DEFINITIONS: ReadonlyArray<readonly [keyof typeof REFURB_DEMO_IDS.stepDefinitions, string, number]> = [
  ['screen', 'Remplacement de l’écran', 6_500],
  ['battery', 'Remplacement de la batterie', 2_900],
  ['cleaning', 'Nettoyage', 500],
  ['grading', 'Contrôle et grade', 800],
  ['backGlass', 'Remplacement de la vitre arrière', 3_500],
  ['chargingPort', 'Remplacement du connecteur de charge', 2_200],
  ['camera', 'Remplacement de l’appareil photo', 4_200],
  ['dataWipe', 'Effacement certifié des données', 300],
];

/**
 * The projections whose documents the step actions read and write: the
 * items list's (its economics) and the steps'. The two others that read
 * steps' events are left out of the bulk (their folds cost more than the
 * rest of an item together, and no action reads them for another item):
 * the definitions' usages (one small document per step, written at
 * planning only) and the items' histories (the acted-on devices, checked
 * through HTTP, have theirs).
 */
export const WORKSHOP_PROJECTIONS: readonly Projection[] = [itemsProjection, itemRefurbStepsProjection] as Projection[];

const EVENT_TYPES = new Map(WORKSHOP_PROJECTIONS.map((projection) => [projection, new Set<string>(projection.eventTypes)]));

export interface WorkshopItem {
  itemId: string;
  accountId: string;
  /** Every stream of the item: its creation, its resale target, its steps. */
  appends: StreamAppend[];
  /** Every document the projections hold for it once they applied those events. */
  writes: WriteOperation[];
  steps: number;
  events: number;
}

/** Each step's status: a finished item's all completed (a few cancelled); an item in progress has done the first ones and works on one. */
export function stepStatuses(index: number, count: number, done: boolean): ItemRefurbStepStatus[] {
  if (done) return Array.from({ length: count }, (_, k) => ((index + k) % 7 === 0 ? 'cancelled' : 'completed'));
  const current = index % count;
  const working: ItemRefurbStepStatus = (['in_progress', 'paused', 'to_do'] as const)[index % 3] ?? 'to_do';
  return Array.from({ length: count }, (_, k) => (k < current ? 'completed' : k === current ? working : 'to_do'));
}

/** The actions that left a step in its status, in order. */
export function actionsTo(status: ItemRefurbStepStatus, k: number): StepAction[] {
  switch (status) {
    case 'to_do':
      return [];
    case 'in_progress':
      return k % 2 === 0 ? ['start'] : ['start', 'pause', 'resume'];
    case 'paused':
      return ['start', 'pause'];
    case 'cancelled':
      return ['cancel'];
    case 'completed':
      return k % 3 === 0 ? ['start', 'pause', 'resume', 'validate'] : ['start', 'validate'];
  }
}

export type StepAction = 'start' | 'pause' | 'resume' | 'validate' | 'cancel';

/** The comment a cancellation carries (a validation carries none). */
export const CANCELLATION_COMMENT = 'Pièce indisponible';

function stepEvent(action: StepAction, itemRefurbStepId: string, itemId: string): ItemRefurbStepEvent {
  const data = { itemRefurbStepId, itemId };
  switch (action) {
    case 'start':
      return { type: 'ItemRefurbStepStarted', data };
    case 'pause':
      return { type: 'ItemRefurbStepPaused', data };
    case 'resume':
      return { type: 'ItemRefurbStepResumed', data };
    case 'validate':
      return { type: 'ItemRefurbStepValidated', data: { ...data, comment: null } };
    case 'cancel':
      return { type: 'ItemRefurbStepCancelled', data: { ...data, comment: CANCELLATION_COMMENT } };
  }
}

/** The documents the projections hold after `events`, folded as the projection runner folds a batch (WorkingSet: revisions and positions applied). */
function project(before: StoredDocument, events: readonly StoredEvent[]): WriteOperation[] {
  const writes: WriteOperation[] = [];
  for (const projection of WORKSHOP_PROJECTIONS) {
    const types = EVENT_TYPES.get(projection) as ReadonlySet<string>;
    const working = new WorkingSet(projection);
    // The items list's document is the item at its status, its creation applied (its `_applied` says so).
    if (projection === itemsProjection) working.add([before._id], [before]);
    for (const stored of events) {
      if (!types.has(domainTypeOf(stored))) continue;
      const targets = projection.targets(stored);
      if (!Array.isArray(targets)) throw new Error(`${projection.name}: a broadcast event in the workshop's data`);
      // Not held: not in the store either (a new step).
      working.add(working.missing([targets]), []);
      working.apply(targets, stored);
    }
    writes.push(...working.takeWrites());
  }
  return writes;
}

/**
 * The id of the `n`-th event of the bulk: a UUID whose text grows with `n`,
 * so the event ids' unique index is appended to in order (a random id lands
 * anywhere in a B-tree of millions). Shaped as a version 4 UUID; its
 * leading zeros make a clash with a random one the platform draws as likely
 * as any other two random ids'.
 */
export function bulkEventId(n: number): string {
  const hex = n.toString(16).padStart(15, '0');
  return `b0000000-0000-4000-8${hex.slice(0, 3)}-${hex.slice(3)}`;
}

/** One step of a workshop item: its planning and the actions that left it in its status, each with who and when. */
export interface StepPlan {
  id: string;
  streamName: string;
  planned: Extract<ItemRefurbStepEvent, { type: 'ItemRefurbStepPlanned' }>;
  plannedMeta: EventMetadata;
  actions: Array<{ action: StepAction; event: ItemRefurbStepEvent; meta: EventMetadata; atMs: number }>;
}

/** A workshop item: its document at its status (its creation applied), its creation, its steps and its resale target, in the order they are appended. */
export interface WorkshopPlan {
  document: ItemDocument;
  created: ItemCreated;
  createdMeta: EventMetadata;
  steps: StepPlan[];
  resale: ItemResaleTargetSet;
  resaleMeta: EventMetadata;
}

/** Every stream of a plan with its events, in the order they are appended. */
export function planStreams(plan: WorkshopPlan): Array<[string, Array<[DomainEvent, EventMetadata]>]> {
  const itemId = plan.document._id;
  return [
    [WAREHOUSE_STREAMS.item.name(itemId), [[plan.created, plan.createdMeta]]],
    ...plan.steps.map((step): [string, Array<[DomainEvent, EventMetadata]>] => [step.streamName, [[step.planned, step.plannedMeta], ...step.actions.map(({ event, meta }): [DomainEvent, EventMetadata] => [event, meta])]]),
    [REFURBISHMENT_STREAMS.itemResaleTarget.name(itemId), [[plan.resale, plan.resaleMeta]]],
  ];
}

/** The workshop's items as plans, drawn in order from the seeded generator (the same items whichever path writes them). */
export function workshopPlans(random: Random, endMs: number, count: number) {
  const items = itemFactory(random, endMs, count, WORKSHOP_STATUSES);
  return (index: number): WorkshopPlan => {
    const { event: created, document } = items.item(index);
    const itemId = document._id;
    const { accountId, warehouseId } = document;
    const demo = accountId === DEMO_IDS.accounts.demo;
    const operator = demo ? DEMO_IDS.users.warehouse : DEMO_IDS.users.otherWarehouse;
    const startMs = Date.parse(document.receivedAt ?? document.createdAt) + DAY_MS;
    const metadata = (atMs: number, userId: string | null = operator): EventMetadata => ({
      accountId,
      organizationId: warehouseId,
      userId,
      correlationId: 'bench',
      causationId: null,
      occurredAt: new Date(atMs).toISOString(),
    });
    const diagnosisId = refurbDiagnosisIdOf(itemId);
    const count = 3 + (index % 5);
    const statuses = stepStatuses(index, count, document.status === 'item_refurb_completed');
    const stockId = nativeStockId(warehouseId, 'to_refurbish');
    const steps = statuses.map((status, k): StepPlan => {
      const [key, name, cost] = DEFINITIONS[(index + k * 3) % DEFINITIONS.length]!;
      const itemRefurbStepId = itemRefurbStepIdOf(diagnosisId, k + 1);
      const planned: StepPlan['planned'] = {
        type: 'ItemRefurbStepPlanned',
        data: {
          itemRefurbStepId,
          stepDefinitionId: demo ? REFURB_DEMO_IDS.stepDefinitions[key] : derivedId(`bench-step:${accountId}:${key}`),
          name,
          description: null,
          stockId,
          cost: { amountInCents: cost, currency: 'EUR' },
          sequence: k + 1,
          accountId,
          itemId,
          diagnosisId,
          warehouseId,
        },
      };
      let atMs = startMs + k * 3 * 60 * MINUTE_MS;
      const actions = actionsTo(status, k).map((action) => {
        atMs += (20 + ((index + k) % 40)) * MINUTE_MS;
        return { action, event: stepEvent(action, itemRefurbStepId, itemId), meta: metadata(atMs), atMs };
      });
      return { id: itemRefurbStepId, streamName: REFURBISHMENT_STREAMS.itemRefurbStep.name(itemRefurbStepId), planned, plannedMeta: metadata(startMs), actions };
    });
    const target = document.targetResalePrice ?? { amountInCents: Math.round(document.purchasePrice.amountInCents * 1.5), currency: 'EUR' as const };
    const resale: ItemResaleTargetSet = { type: 'ItemResaleTargetSet', data: { itemId, accountId, targetResalePrice: target } };
    return { document, created, createdMeta: metadata(Date.parse(document.createdAt), null), steps, resale, resaleMeta: metadata(startMs, demo ? DEMO_IDS.users.warehouseManager : operator) };
  };
}

/** The items list's document before the refurbishment's events: they make its economics. */
export function documentBeforeRefurbishment(document: ItemDocument): StoredDocument {
  return { ...document, refurbishing: false, refurbSteps: [], targetResalePrice: null, plannedRefurbCost: null, completedRefurbCost: null, margin: null };
}

/** The reference path: each item's streams to append through the event store, and its documents folded by the projections. */
export function workshopFactory(random: Random, endMs: number, count: number) {
  const plans = workshopPlans(random, endMs, count);
  return {
    /**
     * The `index`-th item with its steps: its streams to append and its documents to write.
     * `firstEvent`: how many events of the bulk come before its own (their ids, bulkEventId); `firstPosition`: the global position its first event will get.
     */
    item(index: number, firstEvent: number, firstPosition: number): WorkshopItem {
      const plan = plans(index);
      const stored: StoredEvent[] = [];
      const appends: StreamAppend[] = planStreams(plan).map(([streamName, events]) => {
        const news = events.map(([event, meta], revision) => toNewEvent(event, bulkEventId(firstEvent + stored.length + revision), meta));
        news.forEach((event, revision) => stored.push({ ...event, streamName, streamRevision: revision, globalPosition: firstPosition + stored.length }));
        return { streamName, events: news, expectedRevision: 'no_stream' as const };
      });
      const { document } = plan;
      return { itemId: document._id, accountId: document.accountId, appends, writes: project(documentBeforeRefurbishment(document), stored), steps: plan.steps.length, events: stored.length };
    },
  };
}
