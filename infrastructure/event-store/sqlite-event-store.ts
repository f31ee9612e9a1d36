import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import { WrongExpectedRevisionError } from '../../application/ports/event-store.js';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  StoredEvent,
  SubscribeOptions,
  SubscriptionHandle,
} from '../../application/ports/event-store.js';

export interface SqliteEventStoreOptions {
  /** A file path, or ':memory:'. */
  path: string;
  /** FULL by default: an acknowledged append survives a power cut. */
  synchronous?: 'FULL' | 'NORMAL' | 'OFF';
  /** How often idle subscriptions look for appends made by another process. */
  pollIntervalMs?: number;
}

/** Thrown when an event id is already stored (or repeated in the batch): nothing was written. */
export class DuplicateEventIdError extends Error {
  constructor(
    readonly streamName: string,
    options: { cause: unknown },
  ) {
    super(`Stream ${streamName}: an event id of the batch is already stored`, options);
    this.name = 'DuplicateEventIdError';
  }
}

interface EventRow {
  global_position: number;
  event_id: string;
  stream_name: string;
  stream_revision: number;
  type: string;
  data: string;
  metadata: string;
}

interface StreamHead {
  revision: number;
  globalPosition: number;
}

/** What the store reports for a stream without events. */
const NO_STREAM_HEAD: StreamHead = { revision: -1, globalPosition: 0 };
const DEFAULT_POLL_INTERVAL_MS = 250;
const DEFAULT_BATCH_SIZE = 500;
const BUSY_TIMEOUT_MS = 5_000;
const RETRY_DELAY_MS = 100;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    global_position INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id TEXT UNIQUE NOT NULL,
    stream_name TEXT NOT NULL,
    stream_revision INTEGER NOT NULL,
    type TEXT NOT NULL,
    data TEXT NOT NULL,
    metadata TEXT NOT NULL,
    UNIQUE (stream_name, stream_revision)
  )`;

const COLUMNS = 'global_position, event_id, stream_name, stream_revision, type, data, metadata';

export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly pollIntervalMs: number;
  private readonly subscriptions = new Set<SqliteSubscription>();
  private readonly statements: {
    streamHead: Statement<[string], { stream_revision: number; global_position: number }>;
    insert: Statement<[string, string, number, string, string, string], never>;
    readStream: Statement<[string], EventRow>;
    readAll: Statement<[number, number], EventRow>;
    lastGlobalPosition: Statement<[], { position: number }>;
  };
  private readonly appendTransaction: Database.Transaction<SqliteEventStore['checkRevisionAndInsert']>;

  constructor(options: SqliteEventStoreOptions) {
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    this.db = new Database(options.path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`);
    this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    this.db.exec(SCHEMA);
    this.statements = {
      // Served by the UNIQUE (stream_name, stream_revision) index.
      streamHead: this.db.prepare(
        'SELECT stream_revision, global_position FROM events WHERE stream_name = ? ORDER BY stream_revision DESC LIMIT 1',
      ),
      insert: this.db.prepare(
        'INSERT INTO events (event_id, stream_name, stream_revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      readStream: this.db.prepare(`SELECT ${COLUMNS} FROM events WHERE stream_name = ? ORDER BY stream_revision`),
      readAll: this.db.prepare(`SELECT ${COLUMNS} FROM events WHERE global_position > ? ORDER BY global_position LIMIT ?`),
      lastGlobalPosition: this.db.prepare('SELECT COALESCE(MAX(global_position), 0) AS position FROM events'),
    };
    this.appendTransaction = this.db.transaction(this.checkRevisionAndInsert.bind(this));
  }

  /** The raw connection, for benchmarks and diagnostics; do not write through it. */
  get database(): Database.Database {
    return this.db;
  }

  async appendToStream(streamName: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    const result = this.appendAtomically(streamName, events, expectedRevision);
    if (events.length > 0) this.wakeSubscriptions();
    return result;
  }

  async readStream(streamName: string): Promise<StoredEvent[]> {
    return this.statements.readStream.all(streamName).map(toStoredEvent);
  }

  async readAll(options: ReadAllOptions): Promise<StoredEvent[]> {
    return this.readAllNow(options);
  }

  async lastGlobalPosition(): Promise<number> {
    return this.statements.lastGlobalPosition.get()?.position ?? 0;
  }

  subscribeToAll(options: SubscribeOptions): SubscriptionHandle {
    const subscription = new SqliteSubscription(options, this.pollIntervalMs, (readOptions) => this.readAllNow(readOptions));
    this.subscriptions.add(subscription);
    return {
      close: async () => {
        this.subscriptions.delete(subscription);
        await subscription.close();
      },
    };
  }

  async close(): Promise<void> {
    const closing = [...this.subscriptions].map((subscription) => subscription.close());
    this.subscriptions.clear();
    await Promise.all(closing);
    if (this.db.open) this.db.close();
  }

  private readAllNow({ after, maxCount }: ReadAllOptions): StoredEvent[] {
    return this.statements.readAll.all(after, maxCount).map(toStoredEvent);
  }

  private appendAtomically(streamName: string, events: NewEvent[], expected: ExpectedRevision): AppendResult {
    try {
      // IMMEDIATE takes the write lock before the revision check, so a writer in
      // another process waits (busy_timeout) instead of failing on lock upgrade.
      return this.appendTransaction.immediate(streamName, events, expected);
    } catch (error) {
      throw this.translateConstraintError(error, streamName, expected);
    }
  }

  /** Runs inside the transaction: check the expected revision, then write every event or none. */
  private checkRevisionAndInsert(streamName: string, events: NewEvent[], expected: ExpectedRevision): AppendResult {
    const head = this.readStreamHead(streamName);
    if (!revisionMatches(expected, head.revision)) {
      throw new WrongExpectedRevisionError(streamName, expected, actualRevision(head.revision));
    }
    let result: AppendResult = { nextExpectedRevision: head.revision, lastGlobalPosition: head.globalPosition };
    for (const event of events) {
      const revision = result.nextExpectedRevision + 1;
      const { lastInsertRowid } = this.statements.insert.run(
        event.id,
        streamName,
        revision,
        event.type,
        JSON.stringify(event.data),
        JSON.stringify(event.metadata),
      );
      result = { nextExpectedRevision: revision, lastGlobalPosition: Number(lastInsertRowid) };
    }
    return result;
  }

  private readStreamHead(streamName: string): StreamHead {
    const row = this.statements.streamHead.get(streamName);
    return row ? { revision: row.stream_revision, globalPosition: row.global_position } : NO_STREAM_HEAD;
  }

  /**
   * The revision check runs under the write lock, so the (stream, revision)
   * constraint should never fire; if it does, it is still a concurrency conflict.
   */
  private translateConstraintError(error: unknown, streamName: string, expected: ExpectedRevision): unknown {
    if (!isSqliteUniqueViolation(error)) return error;
    if (error.message.includes('events.event_id')) return new DuplicateEventIdError(streamName, { cause: error });
    return new WrongExpectedRevisionError(streamName, expected, actualRevision(this.readStreamHead(streamName).revision));
  }

  private wakeSubscriptions(): void {
    for (const subscription of this.subscriptions) subscription.wake();
  }
}

function revisionMatches(expected: ExpectedRevision, currentRevision: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return currentRevision === NO_STREAM_HEAD.revision;
  return expected === currentRevision;
}

function actualRevision(currentRevision: number): number | 'no_stream' {
  return currentRevision === NO_STREAM_HEAD.revision ? 'no_stream' : currentRevision;
}

type SqliteError = InstanceType<typeof Database.SqliteError>;

function isSqliteUniqueViolation(error: unknown): error is SqliteError {
  return error instanceof Database.SqliteError && error.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

function toStoredEvent(row: EventRow): StoredEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: JSON.parse(row.data) as StoredEvent['data'],
    metadata: JSON.parse(row.metadata) as StoredEvent['metadata'],
    streamName: row.stream_name,
    streamRevision: row.stream_revision,
    globalPosition: row.global_position,
  };
}

/**
 * One catch-up-then-live subscription. A single loop reads the batch after the
 * checkpoint, awaits the handler, and only then moves the checkpoint: events
 * arrive in global order, once each, and never faster than they are handled.
 * When idle it sleeps until an in-process append wakes it or the poll interval
 * elapses (which is how appends by another process are noticed).
 */
class SqliteSubscription {
  private checkpoint: number;
  private closed = false;
  private wakeRequested = false;
  private wakeWaiter: (() => void) | null = null;
  private readonly abortController = new AbortController();
  private readonly loop: Promise<void>;

  constructor(
    private readonly options: SubscribeOptions,
    private readonly pollIntervalMs: number,
    private readonly readAll: (options: ReadAllOptions) => StoredEvent[],
  ) {
    this.checkpoint = options.after;
    this.loop = this.run();
  }

  wake(): void {
    this.wakeRequested = true;
    this.wakeWaiter?.();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.abortController.abort();
    this.wake();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.closed) {
      const batch = this.readNextBatch();
      if (batch === null) await this.retryDelay();
      else if (batch.length === 0) await this.idle();
      else await this.deliver(batch);
    }
  }

  /** The events after the checkpoint, or null when the read failed (reported through onError). */
  private readNextBatch(): StoredEvent[] | null {
    // Cleared before reading: an append committed after this read wakes the loop again.
    this.wakeRequested = false;
    try {
      return this.readAll({ after: this.checkpoint, maxCount: this.options.batchSize ?? DEFAULT_BATCH_SIZE });
    } catch (error) {
      this.options.onError?.(error);
      return null;
    }
  }

  /** Hands the batch to the handler until it succeeds or the subscription closes; never skips it. */
  private async deliver(batch: StoredEvent[]): Promise<void> {
    while (!this.closed) {
      try {
        await this.options.onEvents(batch);
        this.checkpoint = batch[batch.length - 1]!.globalPosition;
        return;
      } catch (error) {
        this.options.onError?.(error);
        await this.retryDelay();
      }
    }
  }

  private idle(): Promise<void> {
    if (this.wakeRequested || this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const stopWaiting = (): void => {
        clearTimeout(pollTimer);
        this.wakeWaiter = null;
        resolve();
      };
      const pollTimer = setTimeout(stopWaiting, this.pollIntervalMs);
      // The poll timer must never keep the process alive on its own.
      pollTimer.unref();
      this.wakeWaiter = stopWaiting;
    });
  }

  /** Waits a little before retrying; close() cuts the wait short. */
  private async retryDelay(): Promise<void> {
    try {
      await sleep(RETRY_DELAY_MS, undefined, { signal: this.abortController.signal, ref: false });
    } catch {
      // Aborted by close(): the loop sees `closed` and ends.
    }
  }
}
