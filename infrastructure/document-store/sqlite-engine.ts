/**
 * The connections of the embedded document store: the main one (reads, and
 * writes when there is no worker), the write worker, prepared statements,
 * tables, expression indexes and the path kinds each write records.
 */
import Database from 'better-sqlite3';
import { FencedWriteError, type IndexSpec, type StoredDocument } from '../../application/ports/document-store.js';
import { PathKinds, pathAndPrefixes, RecordedPathKinds, type PathKind } from './path-kinds.js';
import { caseInsensitiveRegExp, DuplicateKeyError } from './query.js';
import type { SqliteDocumentStoreOptions } from './sqlite-document-store.js';
import { indexColumns, PATH_KINDS, quote, sql, type Sql } from './sqlite-sql.js';
import { SqliteWriteWorker } from './sqlite-write-worker.js';

const STATEMENT_CACHE_SIZE = 500;
const RECORD_PATH_KINDS = `INSERT OR IGNORE INTO ${PATH_KINDS} (collection, path, kind) SELECT ?, value ->> 0, value ->> 1 FROM json_each(?)`;

/** The row (path, kind) saying that a collection's kinds are recorded, those of documents stored before kinds were included. */
const RECORDED: [string, string] = ['', 'recorded'];

const NO_KINDS = new PathKinds(new Map());

/**
 * Per table that took another's place (replaceTable), the prefix of its
 * indexes' names: SQLite cannot rename an index, so the indexes keep the
 * names the replacing table gave them. A table missing here names its own.
 */
const INDEX_PREFIXES = '"_index_prefixes"';

/** The page cache asked for, in KiB (SQLite's negative cache_size), or null for SQLite's default. */
function cacheSizeKibOf(megabytes: number | undefined): number | null {
  if (megabytes === undefined) return null;
  if (!Number.isInteger(megabytes) || megabytes < 1) throw new Error(`Invalid cache size ${megabytes} MiB`);
  return megabytes * 1024;
}

/** A document written to a table, whose path kinds the write records. */
export interface Written {
  table: string;
  document: StoredDocument;
}

/** The connection, its statement cache and the tables known to exist. */
export class SqliteEngine {
  private readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();
  private readonly tables = new Set<string>();
  private readonly secureDelete: boolean;
  private readonly writer: SqliteWriteWorker | null;
  /** Per table, the settling of the last write sent to the worker that touches it, while under way. */
  private readonly writesUnderWay = new Map<string, Promise<void>>();
  /** Per table, the path kinds known to be recorded, so that a write records only new ones. */
  private readonly recordedKinds = new Map<string, RecordedPathKinds>();
  /** Per table and paths, the kinds last read, and the version of the database then (see kindsOf). */
  private readonly kindsRead = new Map<string, { version: string; kinds: PathKinds }>();
  /** Commits of this connection, which PRAGMA data_version leaves out (it counts those of other connections). */
  private ownCommits = 0;
  private readonly inReadTransaction: (work: () => unknown) => unknown;
  /** The index name prefixes of the tables that took another's place, as of a schema version (every change of them changes the schema). */
  private prefixes: { version: number; byTable: Map<string, string> } | null = null;

  constructor(options: SqliteDocumentStoreOptions) {
    const synchronous = options.synchronous ?? 'NORMAL';
    if (!['FULL', 'NORMAL', 'OFF'].includes(synchronous)) throw new Error(`Invalid synchronous mode ${synchronous}`);
    this.db = new Database(options.path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${synchronous}`);
    this.db.pragma('busy_timeout = 5000');
    this.secureDelete = options.secureDelete === true;
    if (this.secureDelete) this.db.pragma('secure_delete = ON');
    const cacheSizeKib = cacheSizeKibOf(options.cacheSizeMb);
    if (cacheSizeKib !== null) this.db.pragma(`cache_size = -${cacheSizeKib}`);
    this.db.function('regexp_i', { deterministic: true }, matchesCaseInsensitive);
    this.db.exec(`CREATE TABLE IF NOT EXISTS ${PATH_KINDS} (collection TEXT NOT NULL, path TEXT NOT NULL, kind TEXT NOT NULL, PRIMARY KEY (collection, path, kind)) WITHOUT ROWID`);
    this.db.exec(`CREATE TABLE IF NOT EXISTS ${INDEX_PREFIXES} (collection TEXT PRIMARY KEY, prefix TEXT NOT NULL) WITHOUT ROWID`);
    this.inReadTransaction = this.db.transaction((work: () => unknown) => work());
    const inWorker = options.writeInWorker ?? options.path !== ':memory:';
    this.writer = inWorker && options.path !== ':memory:' ? new SqliteWriteWorker({ path: options.path, synchronous, secureDelete: this.secureDelete, cacheSizeKib }) : null;
  }

  /**
   * Runs the statements in one transaction (in the write worker when there is
   * one); the number of rows each changed. With `truncateLog` and secure
   * delete, the log is emptied afterwards (see afterDelete). On the main
   * connection the work is done before this returns; in the worker, reads of
   * `tables` wait for it (writesSettled) until it has settled. The worker runs
   * writes in the order they are sent, so waiting for a table's last write
   * waits for all of them. The path kinds of the `written` documents are
   * recorded in the same transaction (the changes answered are those of
   * `statements` alone).
   */
  write(statements: Sql[], truncateLog: boolean, tables: Iterable<string>, written: Written[] = []): Promise<number[]> {
    const kinds = this.newPathKinds(written);
    const committed = this.commit([...statements, ...kinds.statements], truncateLog, tables).then((changes) => {
      kinds.recorded();
      return changes.slice(0, statements.length);
    });
    return committed;
  }

  private commit(statements: Sql[], truncateLog: boolean, tables: Iterable<string>): Promise<number[]> {
    if (!this.writer) {
      try {
        const changes = this.translateErrors(() => {
          const result: number[] = [];
          this.transaction(() =>
            statements.forEach((statement) => {
              const changes = this.run(statement);
              if (statement.expect !== undefined && changes !== statement.expect) throw new FencedWriteError(String(statement.params[0]));
              result.push(changes);
            }),
          );
          this.ownCommits++;
          return result;
        });
        if (truncateLog) this.afterDelete();
        return Promise.resolve(changes);
      } catch (error) {
        return Promise.reject(error);
      }
    }
    const done = this.writer.run(statements, truncateLog).catch((error: unknown) => {
      throw translated(error);
    });
    const settled = done.then(
      () => undefined,
      () => undefined,
    );
    for (const table of tables) {
      this.writesUnderWay.set(table, settled);
      void settled.then(() => {
        if (this.writesUnderWay.get(table) === settled) this.writesUnderWay.delete(table);
      });
    }
    return done;
  }

  /** The settling of the writes under way on `table`; undefined when there are none. */
  writesSettled(table: string): Promise<void> | undefined {
    return this.writesUnderWay.get(table);
  }

  /**
   * Creates the table when missing, and learns its recorded path kinds. A
   * table whose kinds were never recorded (documents stored by an earlier
   * version) has them recorded from its documents first: a one-time scan.
   */
  ensureTable(name: string): void {
    if (this.tables.has(name)) return;
    this.db.exec(`CREATE TABLE IF NOT EXISTS ${quote(name)} (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
    const known = new RecordedPathKinds();
    let scanned = false;
    for (const { path, kind } of this.statement(`SELECT path, kind FROM ${PATH_KINDS} WHERE collection = ?`).all(name) as Array<{ path: string; kind: string }>) {
      if (path === RECORDED[0] && kind === RECORDED[1]) scanned = true;
      else known.record(path, kind as PathKind);
    }
    if (!scanned) {
      // Documents written from now on record their own kinds; those already stored are the ones to look at.
      const fresh = new Map<string, [string, string]>([['', RECORDED]]);
      for (const text of this.iterate(sql(`SELECT doc FROM ${quote(name)}`))) {
        known.collectUnrecorded(JSON.parse(text) as StoredDocument, fresh as Map<string, [string, PathKind]>);
      }
      this.run(sql(RECORD_PATH_KINDS, name, JSON.stringify([...fresh.values()])));
      this.ownCommits++;
      for (const [path, kind] of fresh.values()) if (kind !== RECORDED[1]) known.record(path, kind as PathKind);
    }
    this.recordedKinds.set(name, known);
    this.tables.add(name);
  }

  /** The statements recording the path kinds of `written` not known to be recorded yet, and what to remember once they commit. */
  private newPathKinds(written: Written[]): { statements: Sql[]; recorded(): void } {
    const fresh = new Map<string, Map<string, [string, PathKind]>>();
    for (const { table, document } of written) {
      const known = this.recordedKinds.get(table);
      if (!known) continue; // every written table went through ensureTable first
      let pairs = fresh.get(table);
      if (!pairs) fresh.set(table, (pairs = new Map()));
      known.collectUnrecorded(document, pairs);
    }
    const tables = [...fresh].filter(([, pairs]) => pairs.size > 0);
    return {
      statements: tables.map(([table, pairs]) => sql(RECORD_PATH_KINDS, table, JSON.stringify([...pairs.values()]))),
      recorded: () => {
        for (const [table, pairs] of tables) for (const [path, kind] of pairs.values()) this.recordedKinds.get(table)?.record(path, kind);
      },
    };
  }

  /**
   * Runs `work` in one read transaction, with the path kinds recorded for
   * `paths` (and the paths they go through): the kinds and the documents
   * read are of the same moment, whatever other connections commit.
   */
  read<R>(table: string, paths: Iterable<string>, work: (kinds: PathKinds) => R): R {
    this.ensureTable(table);
    const wanted = [...new Set([...paths].flatMap(pathAndPrefixes))];
    return this.inReadTransaction(() => work(this.kindsOf(table, wanted))) as R;
  }

  /** The kinds of `wanted`, from memory while no connection has committed since they were read. */
  private kindsOf(table: string, wanted: string[]): PathKinds {
    if (wanted.length === 0) return NO_KINDS;
    // The first read of the transaction: the version is that of the snapshot the query then reads.
    const version = `${this.statement('PRAGMA data_version').pluck().get() as number}:${this.ownCommits}`;
    const key = `${table}\u0000${wanted.join('\u0000')}`;
    const known = this.kindsRead.get(key);
    if (known?.version === version) return known.kinds;
    const found = new Map<string, Set<PathKind>>();
    const query = `SELECT path, kind FROM ${PATH_KINDS} WHERE collection = ? AND path IN (SELECT value FROM json_each(?))`;
    for (const row of this.statement(query).all(table, JSON.stringify(wanted)) as Array<{ path: string; kind: PathKind }>) {
      const forPath = found.get(row.path) ?? new Set<PathKind>();
      found.set(row.path, forPath);
      forPath.add(row.kind);
    }
    const kinds = new PathKinds(found);
    if (this.kindsRead.size >= STATEMENT_CACHE_SIZE) this.kindsRead.clear();
    this.kindsRead.set(key, { version, kinds });
    return kinds;
  }

  /** The rows of a one-column read, one at a time (stop early by breaking out). */
  iterate(query: Sql): IterableIterator<string> {
    return this.statement(query.text).pluck().iterate(...query.params) as IterableIterator<string>;
  }

  dropTable(name: string): void {
    this.db.exec(`DROP TABLE IF EXISTS ${quote(name)}`);
    this.db.prepare(`DELETE FROM ${INDEX_PREFIXES} WHERE collection = ?`).run(name);
    // The recorded path kinds stay: a process that still holds them in memory would not record them again.
    this.tables.delete(name);
    // Statements on the dropped table would fail until it is created again; drop them rather than keep them around.
    this.statements.clear();
  }

  /**
   * Creates the index, or re-creates it when an index of that name exists with
   * another definition (CREATE INDEX IF NOT EXISTS alone would silently keep the old one).
   */
  ensureIndex(table: string, index: IndexSpec): void {
    const unquoted = `${this.indexPrefix(table)}__${index.name}`;
    const name = quote(unquoted);
    const definition = `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX ${name} ON ${quote(table)} (${indexColumns(index)})`;
    const existing = this.statement('SELECT sql FROM sqlite_schema WHERE type = ? AND name = ?')
      .pluck()
      .get('index', unquoted) as string | undefined;
    if (existing === definition) return;
    if (existing !== undefined) this.db.exec(`DROP INDEX ${name}`);
    this.db.exec(definition);
  }

  /** Drops the table's declared indexes (named `table__…`) whose names are not in `kept`; SQLite's own are left alone. */
  dropIndexesExcept(table: string, kept: readonly string[]): void {
    const names = this.statement('SELECT name FROM sqlite_schema WHERE type = ? AND tbl_name = ?').pluck().all('index', table) as string[];
    const prefix = this.indexPrefix(table);
    const declared = new Set(kept.map((name) => `${prefix}__${name}`));
    for (const name of names) {
      if (name.startsWith(`${prefix}__`) && !declared.has(name)) this.db.exec(`DROP INDEX ${quote(name)}`);
    }
  }

  /** The prefix of the names of the table's indexes (`<prefix>__<declared name>`): its own name, unless it took another table's place. */
  indexPrefix(table: string): string {
    const version = this.statement('PRAGMA schema_version').pluck().get() as number;
    if (this.prefixes?.version !== version) {
      const rows = this.statement(`SELECT collection, prefix FROM ${INDEX_PREFIXES}`).all() as Array<{ collection: string; prefix: string }>;
      this.prefixes = { version, byTable: new Map(rows.map((row) => [row.collection, row.prefix])) };
    }
    return this.prefixes.byTable.get(table) ?? table;
  }

  /**
   * Gives the table a prefix of its own when a name its indexes would take
   * belongs to another table's index: a table that took the place of one
   * named as this one keeps the indexes' names (see replaceTable).
   */
  claimIndexNames(table: string, names: readonly string[]): void {
    const owner = this.statement('SELECT tbl_name FROM sqlite_schema WHERE type = ? AND name = ?').pluck();
    const prefix = this.indexPrefix(table);
    const taken = (candidate: string) => names.some((name) => ((owner.get('index', `${candidate}__${name}`) as string | undefined) ?? table) !== table);
    if (!taken(prefix)) return;
    let version = 2;
    while (taken(`${table}_v${version}`)) version++;
    this.statement(`INSERT OR REPLACE INTO ${INDEX_PREFIXES} (collection, prefix) VALUES (?, ?)`).run(table, `${table}_v${version}`);
    this.prefixes = null;
  }

  /**
   * Drops `target` and renames `source` to it, in one transaction, sent after
   * the writes under way (reads of either wait for it). The indexes keep their
   * names (INDEX_PREFIXES says whose); the path kinds recorded for `target`
   * become those of both, never fewer than another process may remember.
   */
  async replaceTable(target: string, source: string): Promise<void> {
    this.ensureTable(source);
    await Promise.all([this.writesSettled(target), this.writesSettled(source)]);
    const statements = [
      sql(`DROP TABLE IF EXISTS ${quote(target)}`),
      sql(`ALTER TABLE ${quote(source)} RENAME TO ${quote(target)}`),
      sql(`DELETE FROM ${INDEX_PREFIXES} WHERE collection = ?`, target),
      sql(`INSERT INTO ${INDEX_PREFIXES} (collection, prefix) SELECT ?, coalesce((SELECT prefix FROM ${INDEX_PREFIXES} WHERE collection = ?), ?)`, target, source, source),
      sql(`DELETE FROM ${INDEX_PREFIXES} WHERE collection = ?`, source),
      sql(`INSERT OR IGNORE INTO ${PATH_KINDS} (collection, path, kind) SELECT ?, path, kind FROM ${PATH_KINDS} WHERE collection = ?`, target, source),
      sql(`DELETE FROM ${PATH_KINDS} WHERE collection = ?`, source),
    ];
    try {
      await this.commit(statements, false, [target, source]);
    } finally {
      // Whatever happened, what this connection remembers of both tables is read again.
      this.tables.delete(target);
      this.tables.delete(source);
      this.statements.clear();
      this.prefixes = null;
    }
  }

  /** Runs a read; a collection that was never written reads as empty. */
  pluck<V = string>(table: string, query: Sql): V[] {
    this.ensureTable(table);
    return this.statement(query.text).pluck().all(...query.params) as V[];
  }

  run(query: Sql): number {
    return this.statement(query.text).run(...query.params).changes;
  }

  /** With secureDelete: moves the log into the database (where the deleted bytes are zeroed) and truncates it. */
  afterDelete(): void {
    if (this.secureDelete) this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  /**
   * A write transaction, begun IMMEDIATE: it takes the write lock first (waiting
   * busy_timeout for the write worker's commit), so a read in it never turns
   * stale before its write (a deferred one failed SQLITE_BUSY_SNAPSHOT when the
   * worker committed between an index's lookup and its creation).
   */
  transaction(work: () => void): void {
    this.db.transaction(work).immediate();
  }

  explain(query: Sql): string[] {
    const rows = this.db.prepare(`EXPLAIN QUERY PLAN ${query.text}`).all(...query.params) as Array<{ detail: string }>;
    return rows.map((row) => row.detail);
  }

  /** Turns a unique-index violation into the port's DuplicateKeyError. */
  translateErrors<R>(work: () => R): R {
    try {
      return work();
    } catch (error) {
      throw translated(error);
    }
  }

  async close(): Promise<void> {
    await this.writer?.close();
    this.statements.clear();
    this.db.close();
  }

  private statement(text: string): Database.Statement {
    let statement = this.statements.get(text);
    if (!statement) {
      // $in lists of many lengths make many shapes; a bound keeps the cache from growing without end.
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.clear();
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }
}

/** A unique-index violation (from either connection) is the port's DuplicateKeyError. */
function translated(error: unknown): unknown {
  if ((error as { code?: unknown } | null)?.code === 'WRITE_FENCED' && !(error instanceof FencedWriteError)) {
    return Object.assign(new FencedWriteError((error as { detail?: string }).detail ?? 'a document'), { cause: error });
  }
  if ((error as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE') {
    return new DuplicateKeyError((error as Error).message, { cause: error });
  }
  return error;
}

function matchesCaseInsensitive(pattern: unknown, value: unknown): number {
  // Only strings match, as in MongoDB; booleans reach here as 1/0 and numbers as numbers.
  return typeof pattern === 'string' && typeof value === 'string' && caseInsensitiveRegExp(pattern).test(value) ? 1 : 0;
}

