/**
 * A bulk load of the platform's SQLite files, as a database restore would
 * write them: the same tables, rows and bookkeeping the adapters write
 * (infrastructure/event-store/sqlite-*.ts, infrastructure/document-store/sqlite-*.ts),
 * without their per-row costs. Used by the benchmarks' generators on a data
 * folder the platform has created (its schema, its demo data), closed.
 *
 * - One connection per file, nothing else open on it: a journal in memory
 *   (a failed load is thrown away), no fsync, an exclusive lock, a large page cache.
 * - A collection's indexes (those the platform created: their own SQL, read
 *   back from sqlite_master) are dropped before its documents go in and
 *   created again, each in one sorted pass, once they are all in; the
 *   tables' own keys (a document's id, an event's id, a stream and revision)
 *   stay, so the data is checked as the adapters would check it.
 * - A document's JSON is the adapter's (JSON.stringify of the document), and
 *   the kinds of value its paths hold are recorded as the adapter records
 *   them (path-kinds.ts), so the store's queries plan exactly as after the
 *   real writes.
 * - Events get their global position from the table (AUTOINCREMENT), in the
 *   order they are given; the caller says which position it expects.
 *
 * The file is left in the journal mode the platform uses (WAL).
 */
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StoredDocument } from '../application/ports/document-store.js';
import { RecordedPathKinds, type PathKind } from '../infrastructure/document-store/path-kinds.js';

const PATH_KINDS_TABLE = '"_path_kinds"';

/** One event row as the event store writes it (its global position is the table's). */
export type EventRow = [eventId: string, streamName: string, streamRevision: number, type: string, data: string, metadata: string];

export class BulkSqlite {
  readonly db: Database.Database;
  private readonly deferred: string[] = [];
  private readonly kinds = new Map<string, RecordedPathKinds>();
  private readonly inserts = new Map<string, Database.Statement>();
  private insertEvent: Database.Statement | null = null;

  constructor(path: string, cacheSizeMb: number) {
    this.db = new Database(path);
    // Out of WAL (a WAL file would take every page twice), into a rollback journal kept in memory: only the pages a chunk
    // changes that were there before it are kept (journal_mode OFF is refused by better-sqlite3's defensive mode).
    for (const mode of ['delete', 'memory']) {
      const now = this.db.pragma(`journal_mode = ${mode}`, { simple: true });
      if (now !== mode) throw new Error(`${path}: journal_mode ${mode} refused (${String(now)}): is another connection open?`);
    }
    this.db.pragma('synchronous = OFF');
    this.db.pragma('locking_mode = EXCLUSIVE');
    this.db.pragma(`cache_size = -${cacheSizeMb * 1024}`);
  }

  /** Drops the table's indexes (its primary key stays) until `restoreIndexes`. */
  deferIndexes(table: string): void {
    const indexes = this.db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name").all(table) as Array<{ name: string; sql: string }>;
    for (const { name, sql } of indexes) {
      this.deferred.push(sql);
      this.db.exec(`DROP INDEX "${name}"`);
    }
  }

  /** Creates again, one sorted pass each, the indexes `deferIndexes` dropped; answers how many. */
  restoreIndexes(): number {
    const count = this.deferred.length;
    for (const sql of this.deferred.splice(0)) this.db.exec(sql);
    return count;
  }

  /** Runs `work` in one transaction. */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }

  /** A new document of `table` (its id must be new: the primary key refuses a duplicate), with the kinds of its paths recorded. */
  insertDocument(table: string, document: StoredDocument): void {
    this.insertOf(table).run(document._id, JSON.stringify(document));
    this.recordKinds(table, document);
  }

  private insertOf(table: string): Database.Statement {
    let insert = this.inserts.get(table);
    if (!insert) {
      insert = this.db.prepare(`INSERT INTO "${table}" (id, doc) VALUES (?, ?)`);
      this.inserts.set(table, insert);
    }
    return insert;
  }

  /** New documents of `table` as [id, JSON] (JSON.stringify of the document, as the adapter writes it); their path kinds go through `recordPathKinds`. */
  insertDocumentRows(table: string, rows: ReadonlyArray<readonly [string, string]>): void {
    const insert = this.insertOf(table);
    for (const [id, json] of rows) insert.run(id, json);
  }

  /** Path kinds some documents of `table` hold (RecordedPathKinds.collectUnrecorded), recorded as the adapter records them. */
  recordPathKinds(table: string, kinds: ReadonlyArray<readonly [string, PathKind]>): void {
    if (kinds.length === 0) return;
    const record = this.db.prepare(`INSERT OR IGNORE INTO ${PATH_KINDS_TABLE} (collection, path, kind) VALUES (?, ?, ?)`);
    for (const [path, kind] of kinds) record.run(table, path, kind);
  }

  /** The events in order; answers the global position of the last one. */
  insertEvents(rows: readonly EventRow[]): number {
    this.insertEvent ??= this.db.prepare('INSERT INTO events (event_id, stream_name, stream_revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)');
    let last = 0;
    for (const row of rows) last = Number(this.insertEvent.run(...row).lastInsertRowid);
    return last;
  }

  /** The global position the next event will get. */
  nextGlobalPosition(): number {
    const row = this.db.prepare("SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'events'), 0), coalesce((SELECT max(global_position) FROM events), 0)) AS last").get() as { last: number };
    return row.last + 1;
  }

  /** Back to the platform's journal mode, and closed. */
  close(): void {
    this.db.pragma('locking_mode = NORMAL');
    this.db.pragma('journal_mode = WAL');
    this.db.close();
  }

  /** As the adapter: every path kind not recorded yet for the collection, recorded with the write. */
  private recordKinds(table: string, document: StoredDocument): void {
    let known = this.kinds.get(table);
    if (!known) {
      known = new RecordedPathKinds();
      for (const { path, kind } of this.db.prepare(`SELECT path, kind FROM ${PATH_KINDS_TABLE} WHERE collection = ? AND path <> ''`).all(table) as Array<{ path: string; kind: PathKind }>) known.record(path, kind);
      this.kinds.set(table, known);
    }
    const fresh = new Map<string, [string, PathKind]>();
    known.collectUnrecorded(document, fresh);
    this.recordPathKinds(table, [...fresh.values()]);
    for (const [path, kind] of fresh.values()) known.record(path, kind);
  }
}

/**
 * A generated data folder kept between runs: with BENCH_FIXTURES set (a
 * folder), the first run generates into `<BENCH_FIXTURES>/<name>` and later
 * runs copy it (`cp --reflink=auto`: a clone where the file system can)
 * instead of generating again. `name` says what the data is (its size, its
 * generator's version): change it when the generator changes. Without
 * BENCH_FIXTURES, `generate` writes into `dataDir` every time.
 * Answers whether the data came from a kept fixture.
 */
export async function withFixture(name: string, dataDir: string, generate: (dir: string) => Promise<void>): Promise<boolean> {
  const root = process.env.BENCH_FIXTURES;
  if (!root) {
    await generate(dataDir);
    return false;
  }
  const kept = join(root, name);
  if (!existsSync(join(kept, '.complete'))) {
    rmSync(kept, { recursive: true, force: true });
    const building = `${kept}.building`;
    rmSync(building, { recursive: true, force: true });
    mkdirSync(building, { recursive: true });
    await generate(building);
    writeFileSync(join(building, '.complete'), new Date().toISOString());
    renameSync(building, kept);
  }
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const entries = readdirSync(kept).filter((entry) => entry !== '.complete').map((entry) => join(kept, entry));
  if (entries.length > 0) execFileSync('cp', ['-r', '--reflink=auto', ...entries, dataDir]);
  return true;
}

const LOAD_FILE = 'bench-load.json';

/**
 * The data folder loaded by `load`, or copied from the kept fixture
 * (withFixture): the load's report as measured when it ran (kept beside the
 * data), and how long the copy took when the fixture was kept.
 */
export async function generatedOrKept<L extends { seconds: number }>(
  name: string,
  dataDir: string,
  load: (dir: string) => Promise<L>,
): Promise<{ generated: L; fixtureCopySeconds: number | null }> {
  let generatedNow = 0;
  const started = performance.now();
  const kept = await withFixture(name, dataDir, async (target) => {
    const report = await load(target);
    generatedNow = report.seconds;
    writeFileSync(join(target, LOAD_FILE), JSON.stringify(report));
  });
  const generated = JSON.parse(readFileSync(join(dataDir, LOAD_FILE), 'utf8')) as L;
  return { generated, fixtureCopySeconds: kept ? (performance.now() - started) / 1000 - generatedNow : null };
}
