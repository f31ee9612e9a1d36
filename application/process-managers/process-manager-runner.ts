import type { EventStore, StoredEvent, SubscriptionHandle } from '../ports/event-store.js';
import { FencedWriteError, type DocumentStore, type WriteOperation } from '../ports/document-store.js';
import { domainTypeOf } from '../events/codec.js';

/** The process managers' checkpoints: not a read model (a rebuild never drops it). */
export const PROCESS_MANAGER_CHECKPOINTS = 'process_manager_checkpoints';
/** What a process manager could not do because the other aggregate refused it (two people acted at once on both sides). */
export const PROCESS_MANAGER_CONFLICTS = 'process_manager_conflicts';

/**
 * Reacts to events by sending commands to other aggregates (the buyback's
 * item follows its buyback, and the other way round). `handle` must be
 * idempotent: after a crash, events since the last stored checkpoint are
 * delivered again, and a second delivery must change nothing more (it checks
 * whether the other aggregate already reflects the event).
 */
export interface ProcessManager {
  readonly name: string;
  /** The domain event types it reads; others pass without a call. */
  readonly eventTypes: readonly string[];
  /** Sends what the event calls for; answers the global position of the last event it appended, or null. */
  handle(event: StoredEvent): Promise<number | null>;
}

export interface ProcessManagerStatus {
  name: string;
  position: number;
  lag: number;
  /** Follow-ups refused because the two sides disagreed (see PROCESS_MANAGER_CONFLICTS). */
  conflicts: number;
  /** Consecutive failed attempts on the current event (0 when it is moving). */
  failingAttempts: number;
}

export interface ProcessManagerLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface ProcessManagerOptions {
  batchSize?: number;
  /** First retry delay of a failing event; doubled each time up to maxRetryDelayMs. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
}

interface Checkpoint {
  _id: string;
  position: number;
  /** The last event any manager had appended when it was written: what a command's answer waits for next, in another process too. */
  appended?: number;
  [key: string]: unknown;
}

interface ManagerState {
  manager: ProcessManager;
  types: ReadonlySet<string>;
  position: number;
  failingAttempts: number;
}

/**
 * Runs the process managers from one subscription to the global log, in
 * order, one event at a time. Each manager's checkpoint is kept in the
 * document store and written after each batch: a crash before it replays
 * the events since, which `handle` makes harmless. An event whose handling
 * fails (a store error, a concurrent change) is tried again with a growing
 * delay, and nothing after it is handled meanwhile: the lag shows it in
 * /api/health, and no later fact overtakes it.
 */
export class ProcessManagerRunner {
  private subscription: SubscriptionHandle | null = null;
  private readonly states: ManagerState[];
  private waiters: Array<{ position: number; resolve: (followUp: number | null) => void }> = [];
  /** The last event appended by any manager: what a command waiting for its follow-ups waits for next. */
  private lastAppended = 0;
  private stopped = false;
  private readonly options: Required<ProcessManagerOptions>;
  /** The lease's fence when the process managers have one owner among processes (application/platform/lease.ts). */
  private fence: { check(): WriteOperation | null; refused(): void } | null = null;

  constructor(
    private readonly eventStore: EventStore,
    private readonly documents: DocumentStore,
    managers: readonly ProcessManager[],
    private readonly logger: ProcessManagerLogger,
    options: ProcessManagerOptions = {},
  ) {
    const names = new Set(managers.map((m) => m.name));
    if (names.size !== managers.length) throw new Error('Process manager names must be unique');
    this.states = managers.map((manager) => ({ manager, types: new Set(manager.eventTypes), position: 0, failingAttempts: 0 }));
    this.options = { batchSize: 200, retryDelayMs: 100, maxRetryDelayMs: 30_000, ...options };
  }

  get managers(): readonly ProcessManager[] {
    return this.states.map((s) => s.manager);
  }

  /** Every checkpoint write from now on carries the lease's check; a refused one stops this runner's owner (see Lease). */
  fenceWith(fence: { check(): WriteOperation | null; refused(): void }): void {
    this.fence = fence;
  }

  /** Whether this runner handles events (its subscription is open). */
  get running(): boolean {
    return this.subscription !== null;
  }

  async start(): Promise<void> {
    if (this.states.length === 0) return;
    const checkpoints = this.documents.collection<Checkpoint>(PROCESS_MANAGER_CHECKPOINTS);
    for (const state of this.states) {
      const stored = await checkpoints.get(state.manager.name);
      state.position = stored?.position ?? 0;
      this.lastAppended = Math.max(this.lastAppended, stored?.appended ?? 0);
    }
    this.stopped = false;
    this.subscription = this.eventStore.subscribeToAll({
      after: this.lowest(),
      batchSize: this.options.batchSize,
      onEvents: (events) => this.handleBatch(events),
      onError: (error) => this.logger.error({ err: error }, 'process manager subscription failed; retrying'),
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.subscription?.close();
    this.subscription = null;
    for (const waiter of this.waiters) waiter.resolve(null);
    this.waiters = [];
  }

  /**
   * Resolves once every manager has handled `position`, with the position of
   * the last event they appended by then (a command's answer then waits for
   * the read models to reach it too), or null after `timeoutMs`.
   */
  waitFor(position: number, timeoutMs: number): Promise<number | null> {
    if (this.lowest() >= position) return Promise.resolve(this.lastAppended);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve(null);
      }, timeoutMs).unref();
      const waiter = {
        position,
        resolve: (followUp: number | null) => {
          clearTimeout(timer);
          resolve(followUp);
        },
      };
      this.waiters.push(waiter);
    });
  }

  /** Each manager's position and lag: this runner's own while it runs, else the shared checkpoints (another process runs them). */
  async status(): Promise<ProcessManagerStatus[]> {
    const head = await this.eventStore.lastGlobalPosition();
    const conflicts = this.documents.collection(PROCESS_MANAGER_CONFLICTS);
    const stored = this.running ? null : await this.documents.collection<Checkpoint>(PROCESS_MANAGER_CHECKPOINTS).getMany(this.states.map((s) => s.manager.name));
    const positionOf = (s: ManagerState) => (stored ? (stored.find((c) => c._id === s.manager.name)?.position ?? 0) : s.position);
    return Promise.all(
      this.states.map(async (s) => ({
        name: s.manager.name,
        position: positionOf(s),
        lag: Math.max(0, head - positionOf(s)),
        conflicts: await conflicts.count({ manager: s.manager.name }, { limit: 1_000_000 }),
        failingAttempts: s.failingAttempts,
      })),
    );
  }

  private lowest(): number {
    return this.states.reduce((lowest, s) => Math.min(lowest, s.position), Number.POSITIVE_INFINITY);
  }

  private async handleBatch(events: readonly StoredEvent[]): Promise<void> {
    for (const event of events) {
      for (const state of this.states) {
        if (event.globalPosition <= state.position) continue;
        if (state.types.has(domainTypeOf(event))) await this.handleWithRetries(state, event);
        state.position = event.globalPosition;
      }
      this.release();
      if (this.stopped) break;
    }
    await this.writeCheckpoints();
  }

  /** The checkpoints, with the lease's check when fenced: a stale holder's are refused, nothing written. */
  private async writeCheckpoints(): Promise<void> {
    const appended = this.lastAppended;
    const writes: WriteOperation[] = this.states.map((s) => ({
      kind: 'upsert' as const,
      collection: PROCESS_MANAGER_CHECKPOINTS,
      document: { _id: s.manager.name, position: s.position, appended },
    }));
    const check = this.fence ? this.fence.check() : null;
    try {
      if (this.fence && !check) throw new FencedWriteError('the processor lease (not held)');
      await this.documents.writeBatch(check ? [check, ...writes] : writes);
    } catch (error) {
      if (error instanceof FencedWriteError) this.fence?.refused();
      throw error;
    }
  }

  private async handleWithRetries(state: ManagerState, event: StoredEvent): Promise<void> {
    let delay = this.options.retryDelayMs;
    for (;;) {
      try {
        const appended = await state.manager.handle(event);
        if (appended !== null) this.lastAppended = Math.max(this.lastAppended, appended);
        state.failingAttempts = 0;
        return;
      } catch (error) {
        state.failingAttempts += 1;
        if (this.stopped) throw error;
        const log = state.failingAttempts >= 5 ? 'error' : 'warn';
        this.logger[log](
          { err: error, processManager: state.manager.name, eventId: event.id, position: event.globalPosition, attempts: state.failingAttempts },
          'process manager could not handle an event; retrying',
        );
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
        delay = Math.min(delay * 2, this.options.maxRetryDelayMs);
      }
    }
  }

  private release(): void {
    const reached = this.lowest();
    const pending: typeof this.waiters = [];
    for (const waiter of this.waiters) {
      if (waiter.position <= reached) waiter.resolve(this.lastAppended);
      else pending.push(waiter);
    }
    this.waiters = pending;
  }
}
