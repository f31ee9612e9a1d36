/**
 * The write side of the SQLite event store: a group of appends committed in
 * one transaction. It runs either on the main thread (in-memory databases) or
 * in the store's commit worker thread, where SQLite's fsync (synchronous=FULL)
 * does not hold up the event loop.
 *
 * `defineGroupCommitter` and `runCommitWorker` are SELF-CONTAINED: the worker
 * is started from their source text (Function.prototype.toString), so they
 * may use only their parameters and JavaScript's globals; no import, no
 * module-level helper, no TypeScript construct that compiles to a helper
 * (esbuild's `__name`, which tsx adds to named inner functions, is defined in
 * the worker's prelude).
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { AppendResult, ExpectedRevision } from '../../application/ports/event-store.js';

export type DatabaseConstructor = typeof BetterSqlite3;

/** An event serialised for the events table. */
export interface EncodedEvent {
  id: string;
  type: string;
  /** JSON text. */
  data: string;
  /** JSON text. */
  metadata: string;
}

/** One stream's events and its expected revision. */
export interface EncodedWrite {
  streamName: string;
  expectedRevision: ExpectedRevision;
  events: EncodedEvent[];
}

/** One caller's append: one stream (appendToStream) or several, all or nothing (appendToStreams). */
export type EncodedAppend = EncodedWrite[];

/** An error as plain data, so that it crosses the worker boundary. */
export interface ErrorDescription {
  name: string;
  message: string;
  code: string | null;
}

/** Why an append of a group was refused; plain data, turned into the port's errors by the store. */
export type AppendFailure =
  | { kind: 'wrong-expected-revision'; streamName: string; expected: ExpectedRevision; actual: number | 'no_stream' }
  | { kind: 'duplicate-event-id'; streamName: string; cause: ErrorDescription }
  | { kind: 'error'; error: ErrorDescription };

export type AppendOutcome = { ok: true; results: AppendResult[] } | { ok: false; failure: AppendFailure };

export interface GroupCommitter {
  /**
   * One outcome per append, in order. Throws (and writes nothing) when the
   * transaction itself fails: BEGIN (the lock), COMMIT (the disk), or an
   * error after which SQLite has rolled the whole transaction back.
   */
  commit(appends: EncodedAppend[]): AppendOutcome[];
}

/** Main thread → commit worker. */
export type CommitWorkerRequest = { kind: 'commit'; appends: EncodedAppend[] } | { kind: 'close' };

/** Commit worker → main thread: the outcomes, or the failure of the whole transaction. */
export type CommitWorkerReply = { outcomes: AppendOutcome[] } | { failed: ErrorDescription };

export interface CommitWorkerOptions {
  path: string;
  synchronous: 'FULL' | 'NORMAL' | 'OFF';
  busyTimeoutMs: number;
  /** The connection's page cache in KiB, or null for SQLite's default. */
  cacheSizeKib?: number | null;
}

/** The transferable description of an error (SqliteError's code included). */
export function describeError(error: unknown): ErrorDescription {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { name: error.name, message: error.message, code: typeof code === 'string' ? code : null };
  }
  return { name: 'Error', message: String(error), code: null };
}

/**
 * The group committer class for a better-sqlite3 module. SELF-CONTAINED (see above).
 *
 * A group is written in one IMMEDIATE transaction: one commit, one fsync.
 * Each append runs in its own SAVEPOINT (a nested better-sqlite3 transaction),
 * checks its expected revisions against the streams as the appends before it
 * in the group left them, and on refusal is rolled back to its savepoint
 * alone. IMMEDIATE takes the write lock before the first revision check, so a
 * writer in another process waits (busy_timeout) instead of failing on a lock
 * upgrade.
 */
export function defineGroupCommitter(Database: DatabaseConstructor): new (db: BetterSqlite3.Database) => GroupCommitter {
  /** What a stream without events reports as its revision. */
  const NO_STREAM = -1;

  const describe = (error: unknown): ErrorDescription => {
    if (error instanceof Error) {
      const code = (error as { code?: unknown }).code;
      return { name: error.name, message: error.message, code: typeof code === 'string' ? code : null };
    }
    return { name: 'Error', message: String(error), code: null };
  };

  const revisionMatches = (expected: ExpectedRevision, current: number): boolean =>
    expected === 'any' || (expected === 'no_stream' ? current === NO_STREAM : expected === current);

  const actualRevision = (current: number): number | 'no_stream' => (current === NO_STREAM ? 'no_stream' : current);

  /** Raised inside a savepoint to roll it back; carries the refusal out. */
  class AppendRefused extends Error {
    constructor(readonly failure: AppendFailure) {
      super('append refused');
    }
  }

  return class SqliteGroupCommitter implements GroupCommitter {
    private readonly streamHead: BetterSqlite3.Statement<[string], { stream_revision: number; global_position: number }>;
    private readonly insert: BetterSqlite3.Statement<[string, string, number, string, string, string], never>;
    private readonly group: BetterSqlite3.Transaction<(appends: EncodedAppend[]) => AppendOutcome[]>;
    private readonly append: BetterSqlite3.Transaction<(append: EncodedAppend) => AppendResult[]>;

    constructor(private readonly db: BetterSqlite3.Database) {
      // Served by the UNIQUE (stream_name, stream_revision) index.
      this.streamHead = db.prepare(
        'SELECT stream_revision, global_position FROM events WHERE stream_name = ? ORDER BY stream_revision DESC LIMIT 1',
      );
      this.insert = db.prepare(
        'INSERT INTO events (event_id, stream_name, stream_revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
      );
      // Called inside `group`, a better-sqlite3 transaction function runs as a SAVEPOINT:
      // a throw rolls back to the savepoint and releases it, and the outer transaction goes on.
      this.append = db.transaction((append: EncodedAppend) => append.map((write) => this.write(write)));
      this.group = db.transaction((appends: EncodedAppend[]) => appends.map((append) => this.isolated(append)));
    }

    commit(appends: EncodedAppend[]): AppendOutcome[] {
      if (appends.length !== 1) return this.group.immediate(appends);
      // Alone, the append needs no savepoint: the transaction is its all-or-nothing.
      try {
        return [{ ok: true, results: this.append.immediate(appends[0] as EncodedAppend) }];
      } catch (error) {
        if (error instanceof AppendRefused) return [{ ok: false, failure: error.failure }];
        throw error;
      }
    }

    private isolated(append: EncodedAppend): AppendOutcome {
      try {
        return { ok: true, results: this.append(append) };
      } catch (error) {
        // An I/O or memory error can make SQLite roll the whole transaction back: then the group fails as a whole.
        if (!this.db.inTransaction) throw error;
        return { ok: false, failure: error instanceof AppendRefused ? error.failure : { kind: 'error', error: describe(error) } };
      }
    }

    /** Runs inside the savepoint: check the expected revision, then write every event or none. */
    private write(write: EncodedWrite): AppendResult {
      const head = this.streamHead.get(write.streamName);
      const current = head ? head.stream_revision : NO_STREAM;
      if (!revisionMatches(write.expectedRevision, current)) {
        throw new AppendRefused({
          kind: 'wrong-expected-revision',
          streamName: write.streamName,
          expected: write.expectedRevision,
          actual: actualRevision(current),
        });
      }
      let result: AppendResult = { nextExpectedRevision: current, lastGlobalPosition: head ? head.global_position : 0 };
      for (const event of write.events) {
        const revision = result.nextExpectedRevision + 1;
        let inserted: BetterSqlite3.RunResult;
        try {
          inserted = this.insert.run(event.id, write.streamName, revision, event.type, event.data, event.metadata);
        } catch (error) {
          throw this.constraintRefusal(error, write) ?? error;
        }
        result = { nextExpectedRevision: revision, lastGlobalPosition: Number(inserted.lastInsertRowid) };
      }
      return result;
    }

    /**
     * A unique-constraint violation as a refusal. The revision check runs under
     * the write lock, so the (stream, revision) constraint should never fire; if
     * it does, it is still a concurrency conflict.
     */
    private constraintRefusal(error: unknown, write: EncodedWrite): AppendRefused | null {
      if (!(error instanceof Database.SqliteError) || error.code !== 'SQLITE_CONSTRAINT_UNIQUE') return null;
      if (error.message.includes('events.event_id')) {
        return new AppendRefused({ kind: 'duplicate-event-id', streamName: write.streamName, cause: describe(error) });
      }
      const head = this.streamHead.get(write.streamName);
      return new AppendRefused({
        kind: 'wrong-expected-revision',
        streamName: write.streamName,
        expected: write.expectedRevision,
        actual: actualRevision(head ? head.stream_revision : NO_STREAM),
      });
    }
  };
}

/** The minimal MessagePort the worker body needs. */
interface CommitWorkerPort {
  on(event: 'message', listener: (message: CommitWorkerRequest) => void): unknown;
  postMessage(message: CommitWorkerReply): void;
  close(): void;
}

/**
 * The body of the commit worker. SELF-CONTAINED (see above). It owns the
 * store's only writing connection: each request is one group, committed, and
 * answered with the outcomes once COMMIT (and its fsync) has returned.
 */
export function runCommitWorker(
  port: CommitWorkerPort,
  options: CommitWorkerOptions,
  Database: DatabaseConstructor,
  define: typeof defineGroupCommitter,
): void {
  const db = new Database(options.path);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.synchronous}`);
  db.pragma(`busy_timeout = ${options.busyTimeoutMs}`);
  if (typeof options.cacheSizeKib === 'number') db.pragma(`cache_size = -${options.cacheSizeKib}`);
  const committer = new (define(Database))(db);
  port.on('message', (request) => {
    if (request.kind === 'close') {
      db.close();
      port.close();
      return;
    }
    let reply: CommitWorkerReply;
    try {
      reply = { outcomes: committer.commit(request.appends) };
    } catch (error) {
      const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
      reply = {
        failed: {
          name: error instanceof Error ? error.name : 'Error',
          message: error instanceof Error ? error.message : String(error),
          code: typeof code === 'string' ? code : null,
        },
      };
    }
    port.postMessage(reply);
  });
}

/**
 * The worker's source, run with `eval: true` (so it needs no TypeScript loader).
 * It runs as a script or as a module, whichever the process's flags make of
 * eval'd code (`--input-type=module`), so it uses neither `require` nor `import`.
 */
export function commitWorkerSource(): string {
  return [
    "'use strict';",
    // tsx (esbuild keepNames) wraps named inner functions in __name(); the functions below may carry it.
    'const __name = (target) => target;',
    "const { parentPort, workerData } = process.getBuiltinModule('node:worker_threads');",
    "const load = process.getBuiltinModule('node:module').createRequire(workerData.betterSqlite3);",
    'const Database = load(workerData.betterSqlite3);',
    `const define = (${defineGroupCommitter.toString()});`,
    `(${runCommitWorker.toString()})(parentPort, workerData.options, Database, define);`,
  ].join('\n');
}
