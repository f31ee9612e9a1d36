/**
 * The workshop's items and steps (bench/refurb-step-data.ts) written
 * straight into SQLite (bench/bulk-sqlite.ts), as a restore would: the same
 * event rows the event store writes for the reference path's appends, and the
 * documents its projections' fold holds afterwards (the items list's
 * economics, the steps, their `_applied` bookkeeping: the position last
 * applied and their own stream's revision), built directly from each item's
 * plan instead of folding every event through the projections (which cost
 * most of the reference path's time). tests/bench/refurb-step-bulk.test.ts
 * compares both paths through the ports at a small size: a divergence fails it.
 */
import type { StoredDocument } from '../application/ports/document-store.js';
import { APPLIED_POSITION_KEY, APPLIED_REVISIONS_FIELD } from '../application/ports/projection.js';
import { storedTypeOf } from '../application/events/codec.js';
import { REFURBISHMENT_STREAMS } from '../application/refurbishment/streams.js';
import type { ItemRefurbStepStatus } from '../domain/refurbishment/events.js';
import type { StepLedgerEntry } from '../domain/refurbishment/economics/item-economics.js';
import os from 'node:os';
import { join } from 'node:path';
import { SqliteDocumentStore } from '../infrastructure/document-store/sqlite-document-store.js';
import { Worker } from 'node:worker_threads';
import { BulkSqlite, type EventRow } from './bulk-sqlite.js';
import { builder, type BuilderData, type BuiltChunk } from './refurb-step-bulk-worker.js';
import { checkpointsPast } from './platform.js';
import { bulkEventId, CANCELLATION_COMMENT, documentBeforeRefurbishment, planStreams, WORKSHOP_PROJECTIONS, workshopPlans, type StepPlan, type WorkshopPlan } from './refurb-step-data.js';

type Random = () => number;

export interface BulkWorkshopItem {
  events: EventRow[];
  item: StoredDocument;
  steps: StoredDocument[];
}

const STORED_TYPES = new Map<string, string>();
function storedType(type: string): string {
  let stored = STORED_TYPES.get(type);
  if (stored === undefined) STORED_TYPES.set(type, (stored = storedTypeOf(type)));
  return stored;
}

const STATUS_AFTER: Record<StepPlan['actions'][number]['action'], ItemRefurbStepStatus> = {
  start: 'in_progress',
  resume: 'in_progress',
  pause: 'paused',
  validate: 'completed',
  cancel: 'cancelled',
};

/** The steps projection's document of a step after its events (projections/refurbishment/item-refurb-steps-projection.ts), and its ledger entry on the item (domain/refurbishment/economics). */
function stepDocuments(step: StepPlan, lastPosition: number): { document: StoredDocument; ledger: StepLedgerEntry } {
  const d = step.planned.data;
  const plannedAt = step.plannedMeta.occurredAt;
  const document: StoredDocument = {
    _id: step.id,
    accountId: d.accountId,
    itemId: d.itemId,
    diagnosisId: d.diagnosisId,
    warehouseId: d.warehouseId,
    stepDefinitionId: d.stepDefinitionId,
    name: d.name,
    description: d.description,
    stockId: d.stockId,
    cost: d.cost,
    sequence: d.sequence,
    status: 'to_do',
    plannedAt,
    plannedBy: step.plannedMeta.userId,
    startedAt: null,
    startedBy: null,
    validatedAt: null,
    validatedBy: null,
    validationComment: null,
    cancelledAt: null,
    cancelledBy: null,
    cancellationComment: null,
    timeSpentMs: 0,
    runningSince: null,
    actions: [],
    updatedAt: plannedAt,
    revision: step.actions.length,
  };
  const ledger: StepLedgerEntry = { itemRefurbStepId: step.id, name: d.name, sequence: d.sequence, costInCents: d.cost.amountInCents, status: 'to_do', runningSince: null, spentSeconds: 0, completedAt: null };
  let running: number | null = null;
  let spentMs = 0;
  let spentSeconds = 0;
  const actions: unknown[] = [];
  for (const { action, meta, atMs } of step.actions) {
    const at = meta.occurredAt;
    const by = meta.userId;
    actions.push({ action, at, userId: by, comment: action === 'cancel' ? CANCELLATION_COMMENT : null });
    document.status = STATUS_AFTER[action];
    if (action === 'start' || action === 'resume') {
      if (action === 'start' && document.startedAt === null) Object.assign(document, { startedAt: at, startedBy: by });
      ledger.runningSince ??= atMs;
      running = atMs;
    } else {
      if (running !== null) spentMs += Math.max(0, atMs - running);
      if (ledger.runningSince) spentSeconds += Math.max(0, Math.floor((atMs - ledger.runningSince) / 1_000));
      running = null;
      ledger.runningSince = null;
      if (action === 'validate') Object.assign(document, { validatedAt: at, validatedBy: by, validationComment: null });
      if (action === 'cancel') Object.assign(document, { cancelledAt: at, cancelledBy: by, cancellationComment: CANCELLATION_COMMENT });
      if (action === 'validate') ledger.completedAt = at;
    }
    document.updatedAt = at;
  }
  ledger.status = document.status as ItemRefurbStepStatus;
  ledger.spentSeconds = spentSeconds;
  document.timeSpentMs = spentMs;
  document.runningSince = running === null ? null : new Date(running).toISOString();
  document.actions = actions;
  document[APPLIED_REVISIONS_FIELD] = { [APPLIED_POSITION_KEY]: lastPosition, [step.streamName]: step.actions.length };
  return { document, ledger };
}

/** The items list's document once the plan's refurbishment events are applied (projections/refurbishment/economics-projection.ts). */
function itemDocument(plan: WorkshopPlan, ledger: StepLedgerEntry[], lastPosition: number): StoredDocument {
  const { document } = plan;
  const paid = document.validatedPrice ?? document.purchasePrice;
  const planned = ledger.filter((s) => s.status !== 'cancelled').reduce((sum, s) => sum + s.costInCents, 0);
  const completed = ledger.filter((s) => s.status === 'completed').reduce((sum, s) => sum + s.costInCents, 0);
  const target = plan.resale.data.targetResalePrice;
  const cents = (amountInCents: number) => ({ amountInCents, currency: paid.currency });
  const before = documentBeforeRefurbishment(document);
  const resaleStream = REFURBISHMENT_STREAMS.itemResaleTarget.name(document._id);
  return {
    ...before,
    refurbishing: true,
    refurbSteps: ledger,
    targetResalePrice: target,
    plannedRefurbCost: cents(planned),
    completedRefurbCost: cents(completed),
    margin: target && target.currency === paid.currency ? cents(target.amountInCents - paid.amountInCents - planned) : null,
    // Its creation applied (the item stream's revision 0, already in it), then the refurbishment's events up to the last,
    // its resale target's stream (`item_resale_target-<item id>`) being one of its own.
    [APPLIED_REVISIONS_FIELD]: { ...(before[APPLIED_REVISIONS_FIELD] as Record<string, number>), [APPLIED_POSITION_KEY]: lastPosition, [resaleStream]: 0 },
  };
}

/** The bulk path: each item's event rows and documents, positions and event ids as the reference path's appends get them. */
export function workshopRows(random: Random, endMs: number, count: number) {
  const plans = workshopPlans(random, endMs, count);
  return {
    /** The `index`-th item; `firstEvent` and `firstPosition` as in workshopFactory().item. */
    item(index: number, firstEvent: number, firstPosition: number): BulkWorkshopItem {
      const plan = plans(index);
      const events: EventRow[] = [];
      const lastPositionOf = new Map<string, number>();
      for (const [streamName, stream] of planStreams(plan)) {
        stream.forEach(([event, meta], revision) => {
          events.push([bulkEventId(firstEvent + events.length), streamName, revision, storedType(event.type), JSON.stringify(event.data), JSON.stringify(meta)]);
        });
        lastPositionOf.set(streamName, firstPosition + events.length - 1);
      }
      const built = plan.steps.map((step) => stepDocuments(step, lastPositionOf.get(step.streamName) as number));
      return { events, item: itemDocument(plan, built.map((b) => b.ledger), firstPosition + events.length - 1), steps: built.map((b) => b.document) };
    },
  };
}

/** What a bulk load wrote, and where its time went (seconds; CPU seconds of the process). */
export interface WorkshopLoad {
  items: number;
  steps: number;
  events: number;
  documents: number;
  /** Building the rows in JavaScript (plans, JSON), in the builder thread; and how long the inserting thread waited for them. */
  buildSeconds: number;
  builderWaitSeconds: number;
  eventInsertSeconds: number;
  documentInsertSeconds: number;
  indexSeconds: number;
  indexes: number;
  seconds: number;
  cpuSeconds: number;
}

const CHUNK = 5_000;
/** Page cache of each file during the load: the stream names' unique index (random keys) is updated in memory. */
const EVENTS_CACHE_MB = 4_096;
const DOCUMENTS_CACHE_MB = 1_024;

/** Chunks built in the builder thread, two asked ahead (each ~10 MB of rows), so that building and inserting overlap. */
function builderThread(data: BuilderData): { next(): Promise<BuiltChunk>; close(): Promise<number> } {
  // A thread does not inherit the TypeScript loader tsx registered in this one (nor take it from execArgv on Node 20): it registers it first.
  const tsx = import.meta.resolve('tsx/esm/api');
  const source = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(new URL('./refurb-step-bulk-worker.ts', import.meta.url).href)}); });`;
  const worker = new Worker(source, { eval: true, workerData: data });
  const waiting: Array<{ resolve(chunk: BuiltChunk): void; reject(error: unknown): void }> = [];
  const ready: BuiltChunk[] = [];
  let failure: unknown = null;
  worker.on('message', (chunk: BuiltChunk) => {
    const taker = waiting.shift();
    if (taker) taker.resolve(chunk);
    else ready.push(chunk);
  });
  worker.on('error', (error) => {
    failure = error;
    for (const taker of waiting.splice(0)) taker.reject(error);
  });
  worker.postMessage(CHUNK);
  worker.postMessage(CHUNK);
  return {
    next: () => {
      worker.postMessage(CHUNK);
      const chunk = ready.shift();
      if (chunk) return Promise.resolve(chunk);
      if (failure) return Promise.reject(failure);
      return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
    },
    close: () => worker.terminate(),
  };
}

/**
 * Writes `count` workshop items into the platform's files in `dataDir`
 * (created by the platform, closed): their events, their documents, then the
 * two collections' indexes, then every checkpoint past the last event. The
 * rows are built in a second thread while this one inserts (`thread`:
 * 'inline' builds them here, as the tests do: the same builder).
 */
export async function loadWorkshop(dataDir: string, count: number, progress: (line: string) => void = () => {}, thread: 'worker' | 'inline' = 'worker'): Promise<WorkshopLoad> {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const events = new BulkSqlite(join(dataDir, 'events.db'), EVENTS_CACHE_MB);
  const documents = new BulkSqlite(join(dataDir, 'read-models.db'), DOCUMENTS_CACHE_MB);
  const [itemsTable, stepsTable] = WORKSHOP_PROJECTIONS.map((projection) => projection.collection) as [string, string];
  for (const table of [itemsTable, stepsTable]) documents.deferIndexes(table);
  const totals = { items: 0, steps: 0, events: 0, documents: 0 };
  const time = { build: 0, wait: 0, events: 0, documents: 0 };
  const firstPosition = events.nextGlobalPosition();
  const data: BuilderData = { count, firstPosition, itemsTable, stepsTable };
  const inline = thread === 'inline' ? builder(data) : null;
  const chunks = inline ? { next: async () => inline(CHUNK), close: async () => 0 } : builderThread(data);
  try {
    while (totals.items < count) {
      const t0 = performance.now();
      const chunk = await chunks.next();
      const t1 = performance.now();
      const last = events.transaction(() => events.insertEvents(chunk.events));
      totals.events += chunk.events.length;
      if (last !== firstPosition + totals.events - 1) throw new Error(`The events got positions up to ${last}, ${firstPosition + totals.events - 1} expected`);
      const t2 = performance.now();
      documents.transaction(() => {
        for (const [table, kinds] of chunk.kinds) documents.recordPathKinds(table, kinds);
        for (const [table, rows] of chunk.documents) {
          documents.insertDocumentRows(table, rows);
          totals.documents += rows.length;
        }
      });
      const t3 = performance.now();
      time.build += chunk.buildMs;
      time.wait += t1 - t0;
      time.events += t2 - t1;
      time.documents += t3 - t2;
      totals.items += chunk.items;
      totals.steps += chunk.steps;
      if (totals.items % 20_000 === 0 || totals.items === count) {
        progress(
          `${totals.items.toLocaleString('en-US')} items, ${totals.events.toLocaleString('en-US')} events, ${totals.documents.toLocaleString('en-US')} documents in ${((t3 - started) / 1000).toFixed(0)} s ` +
            `(rows built ${(time.build / 1000).toFixed(0)} s in the builder thread, waited for ${(time.wait / 1000).toFixed(0)} s; events inserted ${(time.events / 1000).toFixed(0)} s, documents ${(time.documents / 1000).toFixed(0)} s; load ${os.loadavg()[0]?.toFixed(1)})`,
        );
      }
    }
  } finally {
    await chunks.close();
  }
  events.close();
  const indexStarted = performance.now();
  const indexes = documents.restoreIndexes();
  documents.close();
  const indexSeconds = (performance.now() - indexStarted) / 1000;
  progress(`${indexes} indexes built in ${indexSeconds.toFixed(0)} s (load ${os.loadavg()[0]?.toFixed(1)})`);
  const store = new SqliteDocumentStore({ path: join(dataDir, 'read-models.db') });
  await checkpointsPast(store, firstPosition + totals.events - 1);
  await store.close();
  const cpu = process.cpuUsage(cpuBefore);
  return {
    ...totals,
    buildSeconds: time.build / 1000,
    builderWaitSeconds: time.wait / 1000,
    eventInsertSeconds: time.events / 1000,
    documentInsertSeconds: time.documents / 1000,
    indexSeconds,
    indexes,
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
}
