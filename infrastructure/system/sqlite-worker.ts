import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const BETTER_SQLITE3_PATH = createRequire(import.meta.url).resolve('better-sqlite3');

interface SqliteWorkerOptions<Reply> {
  /** The worker's code, evaluated (no build step); it finds better-sqlite3 at `workerData.betterSqlite3`. */
  source: string;
  /** Handed to the worker as `workerData.options`. */
  options: unknown;
  /** How an unexpected exit is reported: "The event store's commit worker". */
  name: string;
  onReply: (reply: Reply, worker: Worker) => void;
  /** The worker failed or exited: what was sent to it will not be answered. */
  onLost: (worker: Worker, error: Error) => void;
}

/**
 * Starts a thread that writes to a SQLite database, for the SQLite adapters
 * that keep fsync and index upkeep off the event loop. The thread does not
 * keep the process alive: its owner refs it while work is under way.
 */
export function startSqliteWorker<Reply>({ source, options, name, onReply, onLost }: SqliteWorkerOptions<Reply>): Worker {
  const worker = new Worker(source, { eval: true, workerData: { betterSqlite3: BETTER_SQLITE3_PATH, options } });
  worker.on('message', (reply: Reply) => onReply(reply, worker));
  worker.on('error', (error) => onLost(worker, error));
  worker.on('exit', (code) => onLost(worker, new Error(`${name} exited (code ${code})`)));
  worker.unref();
  return worker;
}
