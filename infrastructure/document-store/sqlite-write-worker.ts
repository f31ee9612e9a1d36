/**
 * The write side of a file-backed SQLite document store, in a worker thread
 * that holds the store's only writing connection: a batch of statements runs
 * in one transaction there, so neither the index upkeep of the upserts nor
 * the fsync of the commit holds up the event loop (on a machine with two
 * cores, the other one does that work). Reads stay on the main connection;
 * in WAL mode they see a batch as soon as its commit has answered.
 *
 * Batches are applied in the order they were sent, one at a time.
 */
import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { startSqliteWorker } from '../system/sqlite-worker.js';

export interface WriteStatement {
  text: string;
  /** A bigint is a 64-bit integer (structured clone carries it to the worker). */
  params: Array<string | number | bigint | null>;
  /** The rows it must change, else the transaction is rolled back (code WRITE_FENCED). */
  expect?: number;
}

export interface WriteWorkerOptions {
  path: string;
  synchronous: 'FULL' | 'NORMAL' | 'OFF';
  secureDelete: boolean;
  /** The connection's page cache in KiB, or null for SQLite's default. */
  cacheSizeKib?: number | null;
}

interface Pending {
  resolve(changes: number[]): void;
  reject(error: Error): void;
}

type Reply = { id: number; changes: number[] } | { id: number; error: { name: string; message: string; code: string | null; detail: string | null } };


/**
 * Plain JavaScript, run with `eval: true` (no TypeScript loader in a worker).
 * Eval'd worker code has neither `require` nor `import`: modules come through
 * process.getBuiltinModule and createRequire.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = process.getBuiltinModule('node:worker_threads');
const Database = process.getBuiltinModule('node:module').createRequire(workerData.betterSqlite3)(workerData.betterSqlite3);
const { path, synchronous, secureDelete, cacheSizeKib } = workerData.options;
const db = new Database(path);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = ' + synchronous);
db.pragma('busy_timeout = 5000');
if (secureDelete) db.pragma('secure_delete = ON');
if (typeof cacheSizeKib === 'number') db.pragma('cache_size = -' + cacheSizeKib);
// The $regex of a replaceWhere guard, as the main connection's regexp_i (patterns were validated there).
const patterns = new Map();
db.function('regexp_i', { deterministic: true }, (pattern, value) => {
  if (typeof pattern !== 'string' || typeof value !== 'string') return 0;
  let compiled = patterns.get(pattern);
  if (!compiled) {
    if (patterns.size >= 256) patterns.clear();
    compiled = new RegExp(pattern, 'i');
    patterns.set(pattern, compiled);
  }
  return compiled.test(value) ? 1 : 0;
});
const statements = new Map();
function prepared(text) {
  let statement = statements.get(text);
  if (!statement) {
    if (statements.size >= 256) statements.clear();
    statement = db.prepare(text);
    statements.set(text, statement);
  }
  return statement;
}
parentPort.on('message', (message) => {
  if (message.kind === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    const changes = [];
    db.transaction(() => {
      for (const statement of message.statements) {
        const changed = prepared(statement.text).run(...statement.params).changes;
        // An \`expect\` operation's check (a fencing token): the whole batch is refused, nothing written.
        if (statement.expect !== undefined && changed !== statement.expect) throw Object.assign(new Error('fenced'), { code: 'WRITE_FENCED', detail: String(statement.params[0]) });
        changes.push(changed);
      }
    }).immediate();
    if (secureDelete && message.truncateLog) db.pragma('wal_checkpoint(TRUNCATE)');
    parentPort.postMessage({ id: message.id, changes });
  } catch (error) {
    // A schema change (DROP TABLE on the main connection) leaves cached statements stale.
    statements.clear();
    parentPort.postMessage({ id: message.id, error: { name: error.name, message: error.message, code: typeof error.code === 'string' ? error.code : null, detail: typeof error.detail === 'string' ? error.detail : null } });
  }
});
`;

export class SqliteWriteWorker {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: WriteWorkerOptions) {}

  /** Runs the statements in one transaction; the changes of each, once committed. */
  run(statements: WriteStatement[], truncateLog = false): Promise<number[]> {
    // A closed store is not opened again by a late write (the file may be gone, the process stopping).
    if (this.closed) return Promise.reject(new Error('The document store is closed'));
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<number[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Referenced while a batch is in flight, so that the process waits for its commit.
      worker.ref();
      worker.postMessage({ kind: 'write', id, statements, truncateLog });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    if (!worker) return;
    this.worker = null;
    const exited = once(worker, 'exit');
    worker.ref();
    worker.postMessage({ kind: 'close' });
    await exited;
  }

  private start(): Worker {
    const worker = startSqliteWorker<Reply>({
      source: WORKER_SOURCE,
      options: this.options,
      name: "The document store's write worker",
      onReply: (reply, from) => {
        const pending = this.pending.get(reply.id);
        this.pending.delete(reply.id);
        if (this.pending.size === 0) from.unref();
        if (!pending) return;
        if ('error' in reply) pending.reject(Object.assign(new Error(reply.error.message), { name: reply.error.name, code: reply.error.code, detail: reply.error.detail }));
        else pending.resolve(reply.changes);
      },
      onLost: (from, error) => this.lost(from, error),
    });
    this.worker = worker;
    return worker;
  }

  private lost(worker: Worker, error: Error): void {
    if (this.worker === worker) this.worker = null;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}
