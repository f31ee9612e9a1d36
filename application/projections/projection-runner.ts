import type { EventStore, StoredEvent, SubscriptionHandle } from '../ports/event-store.js';
import { FencedWriteError, type DocumentStore, type WriteOperation } from '../ports/document-store.js';
import type { Projection } from '../ports/projection.js';
import type { PersonalDataVault } from '../ports/personal-data.js';
import { WorkingSet } from './apply-events.js';
import { evolveDocuments, relevanceOf, revealEvents } from './evolve-documents.js';
import {
  catchUp,
  REBUILD_DEFAULTS,
  rebuildCollectionName,
  replayInto,
  type RebuildContext,
  type RebuildOptions,
  type RebuildProgressListener,
} from './rebuild.js';

export const CHECKPOINTS_COLLECTION = 'projection_checkpoints';

export type { RebuildOptions, RebuildProgress, RebuildProgressListener } from './rebuild.js';

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
  /** The lease's fence when projections have one owner among processes (application/platform/lease.ts); null in the embedded default. */
  private fence: { check(): WriteOperation | null; refused(): void } | null = null;

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

  /** Every batch from now on carries the lease's check, and a refused one stops this runner's owner (see Lease). */
  fenceWith(fence: { check(): WriteOperation | null; refused(): void }): void {
    this.fence = fence;
  }

  /** Whether this runner projects (its subscription is open). */
  get running(): boolean {
    return this.subscription !== null;
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

  /** Each projection's position and lag: this runner's own while it projects, else the shared checkpoints (another process projects). */
  async status(): Promise<ProjectionStatus[]> {
    const head = await this.eventStore.lastGlobalPosition();
    const positions = this.running ? this.checkpoints : await this.storedCheckpoints();
    return this.projections.map((p) => {
      const position = positions.get(p.name) ?? 0;
      return { name: p.name, position, lag: Math.max(0, head - position) };
    });
  }

  /**
   * Rebuilds a read model blue-green (see rebuild.ts): replayed into a
   * collection of its own while the live one keeps serving and the live loop
   * keeps it up to date; then, the live loop paused for the events since and
   * the switch only, it takes the live collection's place and its
   * checkpoint. A failed rebuild drops what it built and leaves the live
   * read model as it was.
   */
  async rebuild(name: string, onProgress: RebuildProgressListener = () => undefined): Promise<{ name: string; position: number; events: number }> {
    const projection = this.projections.find((p) => p.name === name);
    if (!projection) throw new Error(`Unknown projection ${name}`);
    const context: RebuildContext = {
      eventStore: this.eventStore,
      documents: this.documents,
      vault: this.vault,
      projection,
      relevant: this.relevance.get(projection.name) as (event: StoredEvent) => boolean,
      options: this.rebuildOptions,
      onProgress,
    };
    const built = rebuildCollectionName(projection.collection);
    try {
      const replayed = await replayInto(context, built);
      return await this.serialise(async () => {
        const caught = await catchUp(context, built, replayed.position);
        const events = replayed.events + caught.events;
        onProgress({ stage: 'switching', events, total: events });
        await this.documents.replaceCollection(projection.collection, built);
        await this.documents.writeBatch(this.fenced([{ kind: 'upsert', collection: CHECKPOINTS_COLLECTION, document: { _id: projection.name, position: caught.position } }]));
        this.checkpoints.set(projection.name, caught.position);
        this.releaseWaiters();
        this.logger.info({ projection: name, events }, 'projection rebuilt');
        return { name, position: caught.position, events };
      });
    } catch (error) {
      await this.documents.dropCollection(built).catch(() => undefined);
      throw error;
    }
  }

  private async storedCheckpoints(): Promise<Map<string, number>> {
    const stored = await this.documents.collection<Checkpoint>(CHECKPOINTS_COLLECTION).getMany(this.projections.map((p) => p.name));
    return new Map(stored.map((checkpoint) => [checkpoint._id, checkpoint.position]));
  }

  /** The batch with the lease's check first, when fenced; throws when the lease is not held (nothing may be written). */
  private fenced(operations: WriteOperation[]): WriteOperation[] {
    if (!this.fence) return operations;
    const check = this.fence.check();
    if (!check) throw new FencedWriteError('the projector lease (not held)');
    return [check, ...operations];
  }

  /** A refused batch tells the fence's owner at once (it stops this runner); the error goes on to the subscription. */
  private refusedBy(error: unknown): void {
    if (error instanceof FencedWriteError) this.fence?.refused();
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
      await evolveDocuments(this.documents, projection.collection, projection, workingSet, events);
      operations.push(...workingSet.takeWrites());
    }
    for (const [name, position] of advanced) {
      operations.push({ kind: 'upsert', collection: CHECKPOINTS_COLLECTION, document: { _id: name, position } });
    }
    if (operations.length === 0) return;
    try {
      await this.commit(this.fenced(operations), advanced);
    } catch (error) {
      this.refusedBy(error);
      throw error;
    }
  }

  private async commit(operations: WriteOperation[], advanced: ReadonlyArray<readonly [string, number]>): Promise<void> {
    if (this.documents.submitBatch) {
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
    await this.documents.writeBatch(operations);
    this.advance(advanced);
  }

  private advance(advanced: ReadonlyArray<readonly [string, number]>): void {
    for (const [name, position] of advanced) this.checkpoints.set(name, position);
    this.releaseWaiters();
  }

  private releaseWaiters(): void {
    const reached = this.lowestCheckpoint();
    const [done, pending] = partition(this.waiters, (w) => w.position <= reached);
    this.waiters = pending;
    for (const waiter of done) waiter.resolve(true);
  }
}

function partition<T>(items: readonly T[], predicate: (item: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const item of items) (predicate(item) ? yes : no).push(item);
  return [yes, no];
}
