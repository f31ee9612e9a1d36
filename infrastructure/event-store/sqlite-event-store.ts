/**
 * The embedded event store: one SQLite table of events, appends grouped into
 * commits (sqlite-committers.ts: inline or in a worker thread), and
 * catch-up-then-live subscriptions polling the table (sqlite-subscription.ts).
 */
import Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  StoredEvent,
  StreamAppend,
  SubscribeOptions,
  SubscriptionHandle,
} from '../../application/ports/event-store.js';
import type { AppendOutcome, EncodedAppend } from './sqlite-group-commit.js';
import { DuplicateEventIdError, encodeAppend, MainThreadCommitter, toError, WorkerCommitter, type Committer } from './sqlite-committers.js';
import { SqliteSubscription } from './sqlite-subscription.js';

export { DuplicateEventIdError };

export interface SqliteEventStoreOptions {
  /** A file path, or ':memory:'. */
  path: string;
  /** FULL by default: an acknowledged append survives a power cut. */
  synchronous?: 'FULL' | 'NORMAL' | 'OFF';
  /** How often idle subscriptions look for appends made by another process. */
  pollIntervalMs?: number;
  /**
   * Where commits run. `worker` (the default for a file, unless synchronous is
   * OFF): a worker thread with its own connection, so that the fsync of a
   * commit never blocks the event loop. `main-thread` (the default with
   * synchronous OFF, and always for ':memory:', which a second connection
   * cannot share): on the caller's thread. With `worker`, an append that
   * forms a group on its own still commits on the caller's thread while such
   * commits take at most `inlineCommitBudgetMs` (see the class comment).
   */
  commitThread?: 'worker' | 'main-thread';
  /** 1 ms by default: when inline commits take longer on average (a slow disk), lone appends go to the worker too, and are tried inline again later. */
  inlineCommitBudgetMs?: number;
  /**
   * Each connection's page cache in MiB (SQLite's default is 2 MiB). A bulk
   * load (a benchmark's millions of events) sets it large: the random keys
   * of the event id and stream indexes are then updated in memory.
   */
  cacheSizeMb?: number;
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

/** An append waiting for its group's commit. */
interface PendingAppend {
  /** As given: handed to this process's subscriptions once committed (see `recent`). */
  appends: StreamAppend[];
  append: EncodedAppend;
  resolve(results: AppendResult[]): void;
  reject(error: unknown): void;
}

/** How many appends and commits the store has made: appends / commits is the mean group size. */
export interface GroupCommitStats {
  appends: number;
  commits: number;
  /** The largest number of appends one commit carried. */
  largestGroup: number;
  /** Commits of a lone append made on the caller's thread (worker stores only). */
  inlineCommits: number;
}


const DEFAULT_POLL_INTERVAL_MS = 250;
/** The most committed events kept in memory for this process's subscriptions. */
const RECENT_EVENTS = 2_000;
const BUSY_TIMEOUT_MS = 5_000;
const DEFAULT_INLINE_COMMIT_BUDGET_MS = 1;
/** Once inline commits are over budget on average, lone appends go to the worker for this many commits, then inline is tried again. */
const INLINE_RETRY_AFTER_COMMITS = 1_000;
/**
 * Every this many inline commits, a lone append goes to the worker anyway: the
 * caller's connection never checkpoints the log (wal_autocheckpoint=0, so that
 * a checkpoint never holds the event loop), the worker's does, on its commits.
 */
const INLINE_COMMITS_BETWEEN_CHECKPOINTS = 64;
/** Weight of the newest inline commit in the running average of their durations. */
const INLINE_AVERAGE_WEIGHT = 0.1;

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

/**
 * The embedded event store.
 *
 * **Group commit.** Appends are not committed one by one. An append joins a
 * queue; when no commit is under way, the queue is committed at the end of the
 * current turn of the event loop (setImmediate), so every append issued in
 * that turn shares it; appends issued while a commit is under way wait for it
 * and form the next group. A group is one IMMEDIATE transaction, so one fsync
 * (synchronous=FULL) makes all of it durable. Each append keeps its own
 * semantics inside the group: its own SAVEPOINT, its own expected-revision
 * check against the streams as the earlier appends of the group left them, and
 * on refusal it alone is rolled back and rejected; the others commit. Each
 * caller's promise settles once the group's COMMIT has returned, that is once
 * its events are durable. A failure of the transaction itself (BEGIN, COMMIT,
 * an I/O error) rejects every append of the group, and none is written.
 *
 * **Commit thread.** For a file (synchronous FULL or NORMAL), commits run in a
 * worker thread holding the only writing connection, so the fsync never blocks
 * the event loop; reads (streams, the log, subscriptions) stay on the caller's
 * connection, which sees a commit as soon as the worker reports it (WAL).
 * The round trip to the worker costs two thread wake-ups (about 0.1 ms on a
 * virtual machine), which a group shares but a lone append pays alone; so a
 * group of one append commits on the caller's connection instead, as long as
 * such commits stay within `inlineCommitBudgetMs` (a fast disk: the event loop
 * is held for less than that, when there is little else to do anyway). Past
 * the budget on average, lone appends go to the worker too, and inline is
 * tried again after INLINE_RETRY_AFTER_COMMITS commits. Checkpoints of the log
 * stay in the worker (INLINE_COMMITS_BETWEEN_CHECKPOINTS). Only one commit is
 * under way at a time, so the two writing connections never contend.
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly pollIntervalMs: number;
  private readonly subscriptions = new Set<SqliteSubscription>();
  private readonly statements: {
    readStream: Statement<[string], EventRow>;
    readAll: Statement<[number, number], EventRow>;
    lastGlobalPosition: Statement<[], { position: number }>;
  };
  private readonly committer: Committer;
  /** For a worker store: the caller's-thread committer used for lone appends (see the class comment). */
  private readonly inlineCommitter: MainThreadCommitter | null;
  private readonly inlineCommitBudgetMs: number;
  /** Worker commits to go before lone appends are tried inline again; 0: inline now. */
  private inlineCommitsDeferredFor = 0;
  private inlineCommitsSinceWorkerCommit = 0;
  /** Running average of inline commit durations (ms). */
  private inlineCommitAverageMs = 0;
  private pending: PendingAppend[] = [];
  private flushScheduled = false;
  /** The commit under way, if any: appends queued meanwhile form the next group. */
  private committing: Promise<void> | null = null;
  private closed = false;
  private readonly stats: GroupCommitStats = { appends: 0, commits: 0, largestGroup: 0, inlineCommits: 0 };
  /**
   * The events this process committed last, in global order, as they were
   * appended: a subscription reads the log from here when it holds the next
   * events, instead of reading back and parsing what was just written.
   */
  private recent: StoredEvent[] = [];

  constructor(options: SqliteEventStoreOptions) {
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    const synchronous = options.synchronous ?? 'FULL';
    this.db = new Database(options.path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${synchronous}`);
    this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    if (options.cacheSizeMb !== undefined && (!Number.isInteger(options.cacheSizeMb) || options.cacheSizeMb < 1)) throw new Error(`Invalid cache size ${options.cacheSizeMb} MiB`);
    const cacheSizeKib = options.cacheSizeMb === undefined ? null : options.cacheSizeMb * 1024;
    if (cacheSizeKib !== null) this.db.pragma(`cache_size = -${cacheSizeKib}`);
    this.db.exec(SCHEMA);
    this.statements = {
      readStream: this.db.prepare(`SELECT ${COLUMNS} FROM events WHERE stream_name = ? ORDER BY stream_revision`),
      readAll: this.db.prepare(`SELECT ${COLUMNS} FROM events WHERE global_position > ? ORDER BY global_position LIMIT ?`),
      lastGlobalPosition: this.db.prepare('SELECT COALESCE(MAX(global_position), 0) AS position FROM events'),
    };
    // The worker exists to keep fsync off the event loop: without fsync (OFF) a round trip to it only costs.
    const commitThread = this.db.memory ? 'main-thread' : (options.commitThread ?? (synchronous === 'OFF' ? 'main-thread' : 'worker'));
    this.committer =
      commitThread === 'main-thread'
        ? new MainThreadCommitter(this.db)
        : new WorkerCommitter({ path: this.db.name, synchronous, busyTimeoutMs: BUSY_TIMEOUT_MS, cacheSizeKib });
    this.inlineCommitter = commitThread === 'worker' ? new MainThreadCommitter(this.db) : null;
    if (this.inlineCommitter) this.db.pragma('wal_autocheckpoint = 0');
    this.inlineCommitBudgetMs = options.inlineCommitBudgetMs ?? DEFAULT_INLINE_COMMIT_BUDGET_MS;
  }

  /** The caller's connection, for benchmarks and diagnostics; do not write through it (the store commits lone appends on it). */
  get database(): Database.Database {
    return this.db;
  }

  /** Appends and commits so far (diagnostics, benchmarks). */
  get groupCommitStats(): GroupCommitStats {
    return { ...this.stats };
  }

  async appendToStream(streamName: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    const [result] = await this.enqueue([{ streamName, events, expectedRevision }]);
    return result as AppendResult;
  }

  /** Several streams in one savepoint of the group: all written or none (the port's optional multi-stream append). */
  async appendToStreams(appends: StreamAppend[]): Promise<AppendResult[]> {
    if (appends.length === 0) return [];
    return this.enqueue(appends);
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
    const subscription = new SqliteSubscription(options, this.pollIntervalMs, (readOptions) => this.readForSubscription(readOptions));
    this.subscriptions.add(subscription);
    return {
      close: async () => {
        this.subscriptions.delete(subscription);
        await subscription.close();
      },
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Appends already accepted are committed (or rejected) before the connections close.
    this.flush();
    while (this.committing) await this.committing;
    const closing = [...this.subscriptions].map((subscription) => subscription.close());
    this.subscriptions.clear();
    await Promise.all(closing);
    await this.committer.close();
    if (this.db.open) this.db.close();
  }

  private readAllNow({ after, maxCount }: ReadAllOptions): StoredEvent[] {
    return this.statements.readAll.all(after, maxCount).map(toStoredEvent);
  }

  /**
   * The next events for a subscription: from `recent` when it holds the event
   * right after `after` (then as many as follow without a gap: a gap is an
   * event another process wrote, read from the log next time), else from the log.
   */
  private readForSubscription(options: ReadAllOptions): StoredEvent[] {
    const recent = this.recent;
    const start = recent.findIndex((event) => event.globalPosition > options.after);
    if (start === -1 || (recent[start] as StoredEvent).globalPosition !== options.after + 1) return this.readAllNow(options);
    const batch: StoredEvent[] = [];
    for (let index = start; index < recent.length && batch.length < options.maxCount; index++) {
      const event = recent[index] as StoredEvent;
      if (event.globalPosition !== options.after + batch.length + 1) break;
      batch.push(event);
    }
    return batch;
  }

  /** Keeps the events a group committed, as appended, for the subscriptions; forgets those every subscription has read. */
  private remember(appends: StreamAppend[], results: AppendResult[]): void {
    if (this.subscriptions.size === 0) return;
    appends.forEach((append, index) => {
      const result = results[index] as AppendResult;
      const count = append.events.length;
      append.events.forEach((event, offset) => {
        this.recent.push({
          ...event,
          streamName: append.streamName,
          streamRevision: result.nextExpectedRevision - (count - 1 - offset),
          globalPosition: result.lastGlobalPosition - (count - 1 - offset),
        });
      });
    });
    let lowest = Number.POSITIVE_INFINITY;
    for (const subscription of this.subscriptions) lowest = Math.min(lowest, subscription.position);
    let drop = 0;
    while (drop < this.recent.length && (this.recent[drop] as StoredEvent).globalPosition <= lowest) drop++;
    drop = Math.max(drop, this.recent.length - RECENT_EVENTS);
    if (drop > 0) this.recent = this.recent.slice(drop);
  }

  /** Serialises the events now (a value JSON cannot hold fails this append alone) and queues them for a group commit. */
  private enqueue(appends: StreamAppend[]): Promise<AppendResult[]> {
    return new Promise((resolve, reject) => {
      if (this.closed) {
        reject(new Error('The event store is closed'));
        return;
      }
      this.pending.push({ appends, append: appends.map(encodeAppend), resolve, reject });
      if (this.committing || this.flushScheduled) return;
      this.flushScheduled = true;
      // The end of this turn of the event loop: every append issued meanwhile joins the group.
      setImmediate(() => this.flush());
    });
  }

  /** Commits the queued appends as one group, unless a commit is under way (its end starts the next). */
  private flush(): void {
    this.flushScheduled = false;
    if (this.committing || this.pending.length === 0) return;
    const group = this.pending;
    this.pending = [];
    const inline =
      group.length === 1 &&
      this.inlineCommitter !== null &&
      this.inlineCommitsDeferredFor === 0 &&
      this.inlineCommitsSinceWorkerCommit < INLINE_COMMITS_BETWEEN_CHECKPOINTS;
    if (inline) this.inlineCommitsSinceWorkerCommit += 1;
    else {
      this.inlineCommitsSinceWorkerCommit = 0;
      if (this.inlineCommitsDeferredFor > 0) this.inlineCommitsDeferredFor -= 1;
    }
    const started = performance.now();
    this.committing = (inline ? (this.inlineCommitter as MainThreadCommitter) : this.committer)
      .commit(group.map((pending) => pending.append))
      .then(
        (outcomes) => {
          if (inline) this.judgeInlineCommit(performance.now() - started);
          this.settle(group, outcomes);
        },
        (error: unknown) => {
          // The transaction itself failed: nothing of the group was written.
          for (const pending of group) pending.reject(error);
        },
      )
      .finally(() => {
        this.committing = null;
        // Appends queued during the commit have waited long enough: they go now, as the next group.
        this.flush();
      });
  }

  private judgeInlineCommit(ms: number): void {
    this.stats.inlineCommits += 1;
    this.inlineCommitAverageMs += INLINE_AVERAGE_WEIGHT * (ms - this.inlineCommitAverageMs);
    if (this.inlineCommitAverageMs > this.inlineCommitBudgetMs) {
      this.inlineCommitsDeferredFor = INLINE_RETRY_AFTER_COMMITS;
      // Tried again later from a clean slate.
      this.inlineCommitAverageMs = 0;
    }
  }

  private settle(group: PendingAppend[], outcomes: AppendOutcome[]): void {
    this.stats.commits += 1;
    this.stats.appends += group.length;
    this.stats.largestGroup = Math.max(this.stats.largestGroup, group.length);
    let wrote = false;
    group.forEach((pending, index) => {
      const outcome = outcomes[index] as AppendOutcome;
      if (outcome.ok) {
        wrote ||= pending.append.some((write) => write.events.length > 0);
        this.remember(pending.appends, outcome.results);
        pending.resolve(outcome.results);
      } else {
        pending.reject(toError(outcome.failure));
      }
    });
    if (wrote) this.wakeSubscriptions();
  }

  private wakeSubscriptions(): void {
    for (const subscription of this.subscriptions) subscription.wake();
  }
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
