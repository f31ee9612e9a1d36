import type { EventStore, StoredEvent, SubscriptionHandle } from '../ports/event-store.js';
import type { DocumentStore, WriteOperation } from '../ports/document-store.js';
import type { Projection } from '../ports/projection.js';
import type { PersonalDataVault, Revealer } from '../ports/personal-data.js';
import { domainTypeOf } from '../events/codec.js';
import { WorkingSet } from './apply-events.js';

export const CHECKPOINTS_COLLECTION = 'projection_checkpoints';

export interface RebuildOptions {
  /** Events read from the log at a time. */
  pageEvents?: number;
  /**
   * The most documents a rebuild holds in memory. Past it, the least recently
   * used half is let go: those that changed are written while the replay goes
   * on, and one needed again later is read back. Every document is written
   * once unless an event reaches it after it was let go.
   */
  workingSetDocuments?: number;
}

const REBUILD_DEFAULTS: Required<RebuildOptions> = { pageEvents: 1_000, workingSetDocuments: 10_000 };
/** A rebuild hands its documents to the store in batches of this many, without waiting for one to commit before sending the next. */
const REBUILD_WRITE_CHUNK = 2_000;

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
 * keys), applied to every interested projection, and written in one batch
 * together with the projections' new checkpoints: atomic on SQLite; on
 * MongoDB the revision guard makes a replay harmless. When the store can
 * order later reads after a submitted batch (`submitBatch`), the commands
 * waiting for the batch's events are released as soon as it is submitted;
 * if its commit then fails, the checkpoints go back and the batch is
 * delivered again.
 */
export class ProjectionRunner {
  private readonly checkpoints = new Map<string, number>();
  private subscription: SubscriptionHandle | null = null;
  private waiters: Array<{ position: number; resolve: (reached: boolean) => void }> = [];
  /** Serialises batches and rebuilds. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly relevance = new Map<string, (event: StoredEvent) => boolean>();
  private readonly rebuildOptions: Required<RebuildOptions>;

  constructor(
    private readonly eventStore: EventStore,
    private readonly documents: DocumentStore,
    private readonly vault: PersonalDataVault,
    readonly projections: readonly Projection[],
    private readonly logger: RunnerLogger,
    private readonly batchSize = 500,
    rebuildOptions: RebuildOptions = {},
  ) {
    const names = new Set(projections.map((p) => p.name));
    if (names.size !== projections.length) throw new Error('Projection names must be unique');
    for (const projection of projections) this.relevance.set(projection.name, relevanceOf(projection));
    this.rebuildOptions = { ...REBUILD_DEFAULTS, ...rebuildOptions };
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
      // The timer is cleared when the position is reached: thousands of commands a second leave no timers behind.
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve(false);
      }, timeoutMs).unref();
      const waiter = {
        position,
        resolve: (reached: boolean) => {
          clearTimeout(timer);
          resolve(reached);
        },
      };
      this.waiters.push(waiter);
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
   * paused meanwhile (other projections resume where they were). The replay
   * keeps its documents in a working set across pages of the log, so that a
   * document is written once, not once per page that touches it: when it is
   * let go (the working set is bounded; see RebuildOptions), or at the end,
   * followed by the checkpoint.
   */
  rebuild(name: string): Promise<{ name: string; position: number; events: number }> {
    const projection = this.projections.find((p) => p.name === name);
    if (!projection) return Promise.reject(new Error(`Unknown projection ${name}`));
    return this.serialise(async () => {
      await this.documents.dropCollection(projection.collection);
      await this.documents.collection(CHECKPOINTS_COLLECTION).delete(projection.name);
      await this.documents.collection(projection.collection).ensureIndexes(projection.indexes);
      this.checkpoints.set(projection.name, 0);
      const { pageEvents, workingSetDocuments } = this.rebuildOptions;
      const relevant = this.relevance.get(projection.name) as (event: StoredEvent) => boolean;
      // One revealer for the whole replay: a subject's key is read once, not once per page.
      const revealer = projection.readsPersonalData ? this.vault.revealer() : null;
      const workingSet = new WorkingSet(projection);
      // The collection starts empty: until the first write, a document the working set lacks does not exist.
      let written = false;
      // The write of the documents last let go, under way while the replay goes on. One at a time:
      // that bounds the memory, and a document is never in two writes at once.
      let letGo: Promise<void> = Promise.resolve();
      const store = { inStore: () => written, settled: () => letGo };
      let after = 0;
      let count = 0;
      for (;;) {
        const page = await this.eventStore.readAll({ after, maxCount: pageEvents });
        if (page.length === 0) break;
        after = (page[page.length - 1] as StoredEvent).globalPosition;
        count += page.length;
        const events = page.filter(relevant);
        await this.evolve(projection, workingSet, revealer ? await revealEvents(revealer, events) : events, store);
        if (workingSet.size > workingSetDocuments) {
          await letGo;
          const eviction = workingSet.evict(workingSet.size - Math.floor(workingSetDocuments / 2));
          written = true;
          letGo = this.writeAll(eviction.writes).then(() => workingSet.written(eviction));
          // Awaited before the next eviction or the end; this keeps an early failure from counting as unhandled.
          letGo.catch(() => undefined);
        }
      }
      await letGo;
      await this.writeAll(workingSet.takeWrites());
      await this.documents.writeBatch([{ kind: 'upsert', collection: CHECKPOINTS_COLLECTION, document: { _id: projection.name, position: after } }]);
      this.checkpoints.set(projection.name, after);
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
    // Only the projections that read personal data get it in clear.
    const revealed = projections.some((p) => p.readsPersonalData) ? await revealEvents(this.vault.revealer(), batch) : batch;
    const operations: WriteOperation[] = [];
    const advanced: Array<[string, number]> = [];

    for (const projection of projections) {
      const checkpoint = this.checkpoints.get(projection.name) ?? 0;
      const relevant = this.relevance.get(projection.name) as (event: StoredEvent) => boolean;
      const events = (projection.readsPersonalData ? revealed : batch).filter(
        (event) => event.globalPosition > checkpoint && relevant(event),
      );
      if (last > checkpoint) advanced.push([projection.name, last]);
      if (events.length === 0) continue;
      const workingSet = new WorkingSet(projection);
      await this.evolve(projection, workingSet, events);
      operations.push(...workingSet.takeWrites());
    }
    for (const [name, position] of advanced) {
      operations.push({ kind: 'upsert', collection: CHECKPOINTS_COLLECTION, document: { _id: name, position } });
    }
    if (operations.length > 0 && this.documents.submitBatch) {
      // The store orders every later read of these collections after the batch: the commands waiting
      // for these events can be answered now, while it commits (read your own writes still holds).
      const { committed } = this.documents.submitBatch(operations);
      const before = advanced.map(([name]) => [name, this.checkpoints.get(name) ?? 0] as const);
      this.advance(advanced);
      try {
        await committed;
      } catch (error) {
        // Nothing of the batch was written: back to where the store is, so the batch is applied again.
        for (const [name, position] of before) this.checkpoints.set(name, position);
        throw error;
      }
      return;
    }
    if (operations.length > 0) await this.documents.writeBatch(operations);
    this.advance(advanced);
  }

  private advance(advanced: ReadonlyArray<readonly [string, number]>): void {
    for (const [name, position] of advanced) this.checkpoints.set(name, position);
    this.releaseWaiters();
  }

  /**
   * Applies events to the working set, in order, reading from the store the
   * documents it does not hold, unless the store holds none yet (a rebuild
   * before its first write). A broadcast event reaches the stored documents
   * its filter selects (once the writes under way have landed) and the held
   * ones that match it, as the events before it left them.
   */
  private async evolve(
    projection: Projection,
    workingSet: WorkingSet,
    events: readonly StoredEvent[],
    store: { inStore(): boolean; settled(): Promise<unknown> } = LIVE_STORE,
  ): Promise<void> {
    const collection = this.documents.collection(projection.collection);
    const load = async (targets: ReadonlyArray<readonly string[]>) => {
      const missing = workingSet.missing(targets);
      if (missing.length > 0) workingSet.add(missing, store.inStore() ? await collection.getMany(missing) : []);
    };
    // Runs of events with their own targets are loaded in one read; a broadcast event waits for the events before it.
    let run: Array<{ event: StoredEvent; ids: string[] }> = [];
    const applyRun = async () => {
      await load(run.map(({ ids }) => ids));
      for (const { event, ids } of run) workingSet.apply(ids, event);
      run = [];
    };
    for (const event of events) {
      const target = projection.targets(event);
      if (Array.isArray(target)) {
        run.push({ event, ids: target });
        continue;
      }
      await applyRun();
      if (store.inStore()) await store.settled();
      // The held documents are judged as they are now; the store is asked about the others only.
      const ids = new Set(workingSet.matching(target.matches));
      if (store.inStore()) {
        for (const document of await collection.find(target.filter)) if (!workingSet.holds(document._id)) ids.add(document._id);
      }
      await load([[...ids]]);
      workingSet.apply([...ids], event);
    }
    await applyRun();
  }

  /**
   * A rebuild's document writes, in batches sent without waiting for each
   * other (each document is in one of them only, so their order does not
   * matter): a store that commits off the event loop commits one while the
   * next is being prepared. Resolves once all are stored. A rebuild writes
   * its checkpoint only after its last documents; a crash before leaves
   * documents ahead of the checkpoint, which the revision guard makes harmless.
   */
  private async writeAll(writes: WriteOperation[]): Promise<void> {
    const batches: Array<Promise<void>> = [];
    for (let from = 0; from < writes.length; from += REBUILD_WRITE_CHUNK) {
      batches.push(this.documents.writeBatch(writes.slice(from, from + REBUILD_WRITE_CHUNK)));
    }
    await Promise.all(batches);
  }

  private releaseWaiters(): void {
    const reached = this.lowestCheckpoint();
    const [done, pending] = partition(this.waiters, (w) => w.position <= reached);
    this.waiters = pending;
    for (const waiter of done) waiter.resolve(true);
  }
}

/** The live loop: the store holds the documents, and nothing is being written in the background. */
const LIVE_STORE = { inStore: () => true, settled: () => Promise.resolve() };

/** Whether an event is of a type the projection reads; answers are remembered per stored type. */
function relevanceOf(projection: Projection): (event: StoredEvent) => boolean {
  const types = new Set(projection.eventTypes);
  const byStoredType = new Map<string, boolean>();
  return (event) => {
    let relevant = byStoredType.get(event.type);
    if (relevant === undefined) {
      relevant = types.has(domainTypeOf(event));
      byStoredType.set(event.type, relevant);
    }
    return relevant;
  };
}

/** The events with their personal data opened; an event without any is handed back as is. */
async function revealEvents(revealer: Revealer, events: readonly StoredEvent[]): Promise<StoredEvent[]> {
  const data = await revealer.revealAll(events.map((event) => event.data));
  return events.map((event, index) => (data[index] === event.data ? event : { ...event, data: data[index] as StoredEvent['data'] }));
}

function partition<T>(items: readonly T[], predicate: (item: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const item of items) (predicate(item) ? yes : no).push(item);
  return [yes, no];
}
