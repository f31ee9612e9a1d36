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
 */
import { randomUUID } from 'node:crypto';
import type { StoredDocument, WriteOperation } from '../application/ports/document-store.js';
import type { EventMetadata, StoredEvent, StreamAppend } from '../application/ports/event-store.js';
import { APPLIED_REVISIONS_FIELD, type Projection } from '../application/ports/projection.js';
import { domainTypeOf, toNewEvent, type DomainEvent } from '../application/events/codec.js';
import { itemRefurbStepIdOf, refurbDiagnosisIdOf, REFURBISHMENT_STREAMS } from '../application/refurbishment/streams.js';
import { WAREHOUSE_STREAMS } from '../application/warehouse/streams.js';
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

/** A workshop's items: a third still being refurbished, the others done. */
export const WORKSHOP_STATUSES: StatusSpread = [
  ['item_refurb_in_progress', 35, 'to_refurbish'],
  ['item_refurb_completed', 65, 'refurb_completed'],
];

/** The demo's step definitions (key, name, cost in cents); the other tenant's are named after them. */
const DEFINITIONS: ReadonlyArray<readonly [keyof typeof REFURB_DEMO_IDS.stepDefinitions, string, number]> = [
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
function stepStatuses(index: number, count: number, done: boolean): ItemRefurbStepStatus[] {
  if (done) return Array.from({ length: count }, (_, k) => ((index + k) % 7 === 0 ? 'cancelled' : 'completed'));
  const current = index % count;
  const working: ItemRefurbStepStatus = (['in_progress', 'paused', 'to_do'] as const)[index % 3] ?? 'to_do';
  return Array.from({ length: count }, (_, k) => (k < current ? 'completed' : k === current ? working : 'to_do'));
}

/** The actions that left a step in its status, in order. */
function actionsTo(status: ItemRefurbStepStatus, k: number): Array<'start' | 'pause' | 'resume' | 'validate' | 'cancel'> {
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

function stepEvent(action: 'start' | 'pause' | 'resume' | 'validate' | 'cancel', itemRefurbStepId: string, itemId: string): ItemRefurbStepEvent {
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
      return { type: 'ItemRefurbStepCancelled', data: { ...data, comment: 'Pièce indisponible' } };
  }
}

/** The documents the projections hold after `events` (the items list's document starts from `item`, as it stood before them). */
function project(item: StoredDocument, events: readonly StoredEvent[]): WriteOperation[] {
  const writes: WriteOperation[] = [];
  for (const projection of WORKSHOP_PROJECTIONS) {
    const types = EVENT_TYPES.get(projection) as ReadonlySet<string>;
    const held = new Map<string, { document: StoredDocument | null; applied: Record<string, number> }>();
    if (projection === itemsProjection) {
      const { [APPLIED_REVISIONS_FIELD]: applied, ...document } = item;
      held.set(item._id, { document: document as StoredDocument, applied: { ...(applied as Record<string, number>) } });
    }
    for (const stored of events) {
      if (!types.has(domainTypeOf(stored))) continue;
      // The items list's document is the item at its status: its creation is in it already.
      if (projection === itemsProjection && stored.streamName === WAREHOUSE_STREAMS.item.name(item._id)) continue;
      const targets = projection.targets(stored);
      if (!Array.isArray(targets)) throw new Error(`${projection.name}: a broadcast event in the workshop's data`);
      for (const id of targets) {
        const entry = held.get(id) ?? { document: null, applied: {} };
        entry.document = projection.evolve(entry.document, stored, id);
        entry.applied[stored.streamName] = stored.streamRevision;
        held.set(id, entry);
      }
    }
    for (const [id, { document, applied }] of held) {
      if (document !== null) writes.push({ kind: 'upsert', collection: projection.collection, document: { ...document, _id: id, [APPLIED_REVISIONS_FIELD]: applied } });
    }
  }
  return writes;
}

export function workshopFactory(random: Random, endMs: number, count: number) {
  const items = itemFactory(random, endMs, count, WORKSHOP_STATUSES);
  return {
    /** The `index`-th item with its steps: its streams to append and its documents to write. */
    item(index: number): WorkshopItem {
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
      const stored: StoredEvent[] = [];
      const appends: StreamAppend[] = [];
      const stream = (streamName: string, events: Array<[DomainEvent, EventMetadata]>) => {
        const news = events.map(([event, meta]) => toNewEvent(event, randomUUID(), meta));
        appends.push({ streamName, events: news, expectedRevision: 'no_stream' });
        news.forEach((event, revision) => stored.push({ ...event, streamName, streamRevision: revision, globalPosition: 0 }));
      };
      stream(WAREHOUSE_STREAMS.item.name(itemId), [[created, metadata(Date.parse(document.createdAt), null)]]);

      const diagnosisId = refurbDiagnosisIdOf(itemId);
      const count = 3 + (index % 5);
      const statuses = stepStatuses(index, count, document.status === 'item_refurb_completed');
      const stockId = nativeStockId(warehouseId, 'to_refurbish');
      for (const [k, status] of statuses.entries()) {
        const [key, name, cost] = DEFINITIONS[(index + k * 3) % DEFINITIONS.length]!;
        const itemRefurbStepId = itemRefurbStepIdOf(diagnosisId, k + 1);
        const planned: ItemRefurbStepEvent = {
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
        const events: Array<[DomainEvent, EventMetadata]> = [[planned, metadata(startMs)]];
        for (const action of actionsTo(status, k)) {
          atMs += (20 + ((index + k) % 40)) * MINUTE_MS;
          events.push([stepEvent(action, itemRefurbStepId, itemId), metadata(atMs)]);
        }
        stream(REFURBISHMENT_STREAMS.itemRefurbStep.name(itemRefurbStepId), events);
      }
      const target = document.targetResalePrice ?? { amountInCents: Math.round(document.purchasePrice.amountInCents * 1.5), currency: 'EUR' as const };
      const resale: ItemResaleTargetSet = { type: 'ItemResaleTargetSet', data: { itemId, accountId, targetResalePrice: target } };
      stream(REFURBISHMENT_STREAMS.itemResaleTarget.name(itemId), [[resale, metadata(startMs, demo ? DEMO_IDS.users.warehouseManager : operator)]]);

      // The items list's document before the refurbishment's events: they make its economics.
      const before: StoredDocument = { ...document, refurbishing: false, refurbSteps: [], targetResalePrice: null, plannedRefurbCost: null, completedRefurbCost: null, margin: null };
      return { itemId, accountId, appends, writes: project(before, stored), steps: count, events: stored.length };
    },
  };
}
