/**
 * How the embedded event store commits a group of appends: on the caller's
 * thread, or in a worker thread whose fsync leaves the event loop free
 * (sqlite-event-store.ts decides which, by the inline commit budget).
 */
import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { WrongExpectedRevisionError, type StreamAppend } from '../../application/ports/event-store.js';
import { startSqliteWorker } from '../system/sqlite-worker.js';
import {
  commitWorkerSource,
  defineGroupCommitter,
  type AppendFailure,
  type AppendOutcome,
  type CommitWorkerOptions,
  type CommitWorkerReply,
  type CommitWorkerRequest,
  type EncodedAppend,
  type ErrorDescription,
} from './sqlite-group-commit.js';

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

/** Commits one group at a time; rejects (nothing written) when the transaction itself fails. */
export interface Committer {
  commit(appends: EncodedAppend[]): Promise<AppendOutcome[]>;
  close(): Promise<void>;
}

/** Commits on the caller's thread (in-memory databases, synchronous OFF, or when asked): its fsync, if any, blocks it. */
export class MainThreadCommitter implements Committer {
  private readonly committer;

  constructor(db: Database.Database) {
    this.committer = new (defineGroupCommitter(Database))(db);
  }

  async commit(appends: EncodedAppend[]): Promise<AppendOutcome[]> {
    return this.committer.commit(appends);
  }

  async close(): Promise<void> {}
}

/**
 * Commits in a worker thread that owns the store's only writing connection.
 * One group at a time is in flight. The worker starts with the first commit
 * and does not keep the process alive while idle. Should it die, the group in
 * flight is rejected (whether its COMMIT happened is then unknown, as with a
 * lost connection to a database server) and the next commit starts a new one.
 */
export class WorkerCommitter implements Committer {
  private worker: Worker | null = null;
  private inFlight: { resolve(outcomes: AppendOutcome[]): void; reject(error: unknown): void } | null = null;

  constructor(private readonly options: CommitWorkerOptions) {}

  commit(appends: EncodedAppend[]): Promise<AppendOutcome[]> {
    return new Promise((resolve, reject) => {
      const worker = this.worker ?? this.start();
      this.inFlight = { resolve, reject };
      // Referenced while a commit is in flight, so that the process waits for it.
      worker.ref();
      worker.postMessage({ kind: 'commit', appends } satisfies CommitWorkerRequest);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = null;
    const exited = once(worker, 'exit');
    // Referenced until it has closed its connection, or the process could end first.
    worker.ref();
    worker.postMessage({ kind: 'close' } satisfies CommitWorkerRequest);
    await exited;
  }

  private start(): Worker {
    const worker = startSqliteWorker<CommitWorkerReply>({
      source: commitWorkerSource(),
      options: this.options,
      name: "The event store's commit worker",
      onReply: (reply, from) => {
        const inFlight = this.inFlight;
        this.inFlight = null;
        from.unref();
        if ('failed' in reply) inFlight?.reject(errorFrom(reply.failed));
        else inFlight?.resolve(reply.outcomes);
      },
      onLost: (from, error) => this.lost(from, error),
    });
    this.worker = worker;
    return worker;
  }

  private lost(worker: Worker, error: unknown): void {
    if (this.worker === worker) this.worker = null;
    const inFlight = this.inFlight;
    this.inFlight = null;
    inFlight?.reject(error);
  }
}


export function encodeAppend(append: StreamAppend): EncodedAppend[number] {
  return {
    streamName: append.streamName,
    expectedRevision: append.expectedRevision,
    events: append.events.map((event) => ({
      id: event.id,
      type: event.type,
      data: JSON.stringify(event.data),
      metadata: JSON.stringify(event.metadata),
    })),
  };
}

export function toError(failure: AppendFailure): Error {
  switch (failure.kind) {
    case 'wrong-expected-revision':
      return new WrongExpectedRevisionError(failure.streamName, failure.expected, failure.actual);
    case 'duplicate-event-id':
      return new DuplicateEventIdError(failure.streamName, { cause: errorFrom(failure.cause) });
    case 'error':
      return errorFrom(failure.error);
  }
}

/** An Error rebuilt from its description (the code of a SqliteError kept). */
export function errorFrom(description: ErrorDescription): Error {
  const error = new Error(description.message);
  error.name = description.name;
  if (description.code !== null) Object.assign(error, { code: description.code });
  return error;
}

