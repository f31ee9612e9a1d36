import type { EventStore, StoredEvent, SubscriptionHandle } from '../ports/event-store.js';
import type { DocumentStore, WriteOperation } from '../ports/document-store.js';
import type { Projection } from '../ports/projection.js';
import type { PersonalDataVault } from '../ports/personal-data.js';
import { domainTypeOf } from '../events/codec.js';
import { applyEvent, type DocumentSet } from './apply-events.js';

export const CHECKPOINTS_COLLECTION = 'projection_checkpoints';
/** A rebuild writes its documents when it holds this many, bounding its memory. */
const REBUILD_FLUSH_DOCUMENTS = 50_000;

interface Checkpoint {
  _id: string;
  position: number;
  [key: string]: unknown;
}

export interface ProjectionStatus {
  name: string;
  position: number;
  lag: number;
}

export interface RunnerLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * Keeps every read model up to date from one subscription to the global log.
 * Each batch of events is revealed (personal data opened with the subjects'
 * keys), applied to every interested projection, and written in one
 * `writeBatch` together with the projections' new checkpoints: atomic on
 * SQLite; on MongoDB the revision guard makes a replay harmless.
 */
export class ProjectionRunner {
  private readonly checkpoints = new Map<string, number>();
  private subscription: SubscriptionHandle | null = null;
  private waiters: Array<{ position: number; resolve: (reached: boolean) => void }> = [];
  /** Serialises batches and rebuilds. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly eventStore: EventStore,
    private readonly documents: DocumentStore,
    private readonly vault: PersonalDataVault,
    readonly projections: readonly Projection[],
    private readonly logger: RunnerLogger,
    private readonly batchSize = 500,
    /** A rebuild replays in larger batches: a document touched by several events is written once per batch. */
    private readonly rebuildBatchSize = 10_000,
  ) {
    const names = new Set(projections.map((p) => p.name));
    if (names.size !== projections.length) throw new Error('Projection names must be unique');
  }

  async start(): Promise<void> {
    for (const projection of this.projections) {
      await this.documents.collection(projection.collection).ensureIndexes(projection.indexes);
      const stored = await this.documents.collection<Checkpoint>(CHECKPOINTS_COLLECTION).get(projection.name);
      this.checkpoints.set(projection.name, stored?.position ?? 0);
    }
    this.subscription = this.eventStore.subscribeToAll({
      after: this.lowestCheckpoint(),
      batchSize: this.batchSize,
      onEvents: (events) => this.serialise(() => this.applyBatch(this.projections, events)),
      onError: (error) => this.logger.error({ err: error }, 'projection batch failed; retrying'),
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    this.subscription = null;
    await this.queue.catch(() => undefined);
    for (const waiter of this.waiters) waiter.resolve(false);
    this.waiters = [];
  }

  /** Resolves true once every projection has applied `position`, false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (this.lowestCheckpoint() >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = { position, resolve };
      this.waiters.push(waiter);
      setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve(false);
      }, timeoutMs).unref();
    });
  }

  async status(): Promise<ProjectionStatus[]> {
    const head = await this.eventStore.lastGlobalPosition();
    return this.projections.map((p) => {
      const position = this.checkpoints.get(p.name) ?? 0;
      return { name: p.name, position, lag: Math.max(0, head - position) };
    });
  }

  /**
   * Drops a read model and replays it from the first event. The live loop is
   * paused meanwhile (other projections resume where they were).
   */
  rebuild(name: string): Promise<{ name: string; position: number; events: number }> {
    const projection = this.projections.find((p) => p.name === name);
    if (!projection) return Promise.reject(new Error(`Unknown projection ${name}`));
    return this.serialise(async () => {
      await this.documents.dropCollection(projection.collection);
      await this.documents.collection(CHECKPOINTS_COLLECTION).delete(projection.name);
      await this.documents.collection(projection.collection).ensureIndexes(projection.indexes);
      this.checkpoints.set(projection.name, 0);
      // The replay keeps its documents in memory across batches and writes each
      // one once per flush, instead of once per batch that touches it.
      const documents: DocumentSet = new Map();
      const changed = new Set<string>();
      let after = 0;
      let count = 0;
      for (;;) {
        const events = await this.eventStore.readAll({ after, maxCount: this.rebuildBatchSize });
        if (events.length === 0) break;
        await this.foldInto(projection, await this.relevantEvents(projection, events, 0), documents, changed);
        after = (events[events.length - 1] as StoredEvent).globalPosition;
        count += events.length;
        if (documents.size >= REBUILD_FLUSH_DOCUMENTS) {
          await this.flush(projection, documents, changed, after);
          documents.clear();
        }
      }
      await this.flush(projection, documents, changed, after);
      this.logger.info({ projection: name, events: count }, 'projection rebuilt');
      return { name, position: this.checkpoints.get(name) ?? 0, events: count };
    });
  }

  private serialise<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private lowestCheckpoint(): number {
    let lowest = Number.POSITIVE_INFINITY;
    for (const projection of this.projections) lowest = Math.min(lowest, this.checkpoints.get(projection.name) ?? 0);
    return Number.isFinite(lowest) ? lowest : 0;
  }

  private async applyBatch(projections: readonly Projection[], batch: readonly StoredEvent[]): Promise<void> {
    if (batch.length === 0) return;
    const last = (batch[batch.length - 1] as StoredEvent).globalPosition;
    const revealed = projections.some((p) => p.readsPersonalData) ? await this.revealAll(batch) : batch;
    const operations: WriteOperation[] = [];
    const advanced: Array<[string, number]> = [];

    for (const projection of projections) {
      const checkpoint = this.checkpoints.get(projection.name) ?? 0;
      const events = revealed.filter(
        (event) => event.globalPosition > checkpoint && projection.eventTypes.includes(domainTypeOf(event)),
      );
      if (last > checkpoint) advanced.push([projection.name, last]);
      if (events.length === 0) continue;
      const documents: DocumentSet = new Map();
      const changed = new Set<string>();
      await this.foldInto(projection, events, documents, changed);
      operations.push(...writesOf(projection, documents, changed));
    }
    for (const [name, position] of advanced) {
      operations.push({ kind: 'upsert', collection: CHECKPOINTS_COLLECTION, document: { _id: name, position } });
    }
    if (operations.length > 0) await this.documents.writeBatch(operations);
    for (const [name, position] of advanced) this.checkpoints.set(name, position);
    this.releaseWaiters();
  }

  /** The events of a batch this projection reads, revealed when it reads personal data. */
  private async relevantEvents(projection: Projection, batch: readonly StoredEvent[], after: number): Promise<StoredEvent[]> {
    const events = batch.filter((event) => event.globalPosition > after && projection.eventTypes.includes(domainTypeOf(event)));
    return projection.readsPersonalData ? this.revealAll(events) : events;
  }

  /** Applies events to `documents`, loading from the store only the documents not already there. */
  private async foldInto(
    projection: Projection,
    events: readonly StoredEvent[],
    documents: DocumentSet,
    changed: Set<string>,
  ): Promise<void> {
    const collection = this.documents.collection(projection.collection);
    const targets = await Promise.all(
      events.map(async (event) => {
        const target = projection.targets(event);
        if (Array.isArray(target)) return target;
        return (await collection.find(target.filter)).map((document) => document._id);
      }),
    );
    const missing = [...new Set(targets.flat())].filter((id) => !documents.has(id));
    for (const id of missing) documents.set(id, null);
    for (const document of await collection.getMany(missing)) documents.set(document._id, document);
    events.forEach((event, index) => applyEvent(projection, documents, targets[index] ?? [], event, changed));
  }

  /** Writes the changed documents and the checkpoint in one batch. */
  private async flush(projection: Projection, documents: DocumentSet, changed: Set<string>, position: number): Promise<void> {
    await this.documents.writeBatch([
      ...writesOf(projection, documents, changed),
      { kind: 'upsert', collection: CHECKPOINTS_COLLECTION, document: { _id: projection.name, position } },
    ]);
    changed.clear();
    this.checkpoints.set(projection.name, position);
  }

  private async revealAll(batch: readonly StoredEvent[]): Promise<StoredEvent[]> {
    return Promise.all(batch.map(async (event) => ({ ...event, data: await this.vault.reveal(event.data) })));
  }

  private releaseWaiters(): void {
    const reached = this.lowestCheckpoint();
    const [done, pending] = partition(this.waiters, (w) => w.position <= reached);
    this.waiters = pending;
    for (const waiter of done) waiter.resolve(true);
  }
}

function writesOf(projection: Projection, documents: DocumentSet, changed: ReadonlySet<string>): WriteOperation[] {
  return [...changed].map((id) => {
    const document = documents.get(id) ?? null;
    return document === null
      ? { kind: 'delete', collection: projection.collection, id }
      : { kind: 'upsert', collection: projection.collection, document };
  });
}

function partition<T>(items: readonly T[], predicate: (item: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const item of items) (predicate(item) ? yes : no).push(item);
  return [yes, no];
}
