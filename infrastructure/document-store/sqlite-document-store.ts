/**
 * The embedded document store: one SQLite table per collection holding JSON
 * text, queried through `json_extract` and served by expression indexes on
 * exactly the same expressions (the planner matches an index expression only
 * against an identical expression, so the SQL below must keep that shape).
 *
 * SQL over `json_extract` means what MongoDB means only on paths that hold
 * scalars: every write records which kinds of value each path held
 * (path-kinds.ts), and a query whose paths held arrays or embedded documents,
 * or a sort mixing booleans with numbers or strings, is decided on the parsed
 * documents instead (semantics.ts), after SQL has narrowed them down with the
 * conditions it can decide.
 */
import Database from 'better-sqlite3';
import type {
  Collection,
  CountOptions,
  DocumentStore,
  Filter,
  FindOptions,
  IndexSpec,
  Scalar,
  SortSpec,
  StoredDocument,
  SubmittedBatch,
  WriteOperation,
} from '../../application/ports/document-store.js';
import { SqliteWriteWorker } from './sqlite-write-worker.js';
import { PathKinds, pathAndPrefixes, RecordedPathKinds, type PathKind } from './path-kinds.js';
import { compareDocuments, matchesFilter } from './semantics.js';
import {
  assertCollectionName,
  assertCountOptions,
  assertDocument,
  assertFindOptions,
  assertIndexes,
  caseInsensitiveRegExp,
  DuplicateKeyError,
  InvalidQueryError,
  parseFilter,
  withIdTiebreak,
  type ComparisonOperator,
  type Condition,
  type FilterNode,
} from './query.js';

export interface SqliteDocumentStoreOptions {
  /** A file path, or ':memory:'. */
  path: string;
  /** NORMAL (the default) is durable across application crashes in WAL mode; FULL also across power loss. */
  synchronous?: 'FULL' | 'NORMAL' | 'OFF';
  /**
   * Zero deleted content (PRAGMA secure_delete) and empty the write-ahead log
   * after every delete, so that a deleted document cannot be read back from
   * the files: for the subject keys of crypto-shredding.
   */
  secureDelete?: boolean;
  /**
   * Write in a worker thread (file databases only; the default there), so
   * that index upkeep and fsync leave the event loop free. Off: writes run on
   * the main connection, as they must for ':memory:'.
   */
  writeInWorker?: boolean;
}

type Parameter = string | number | bigint | null;

interface Sql {
  text: string;
  params: Parameter[];
}

const sql = (text: string, ...params: Parameter[]): Sql => ({ text, params });
const ALWAYS: Sql = sql('1');
const NEVER: Sql = sql('0');
const STATEMENT_CACHE_SIZE = 500;
/** Per collection, the kinds of value each path has held; named so that no collection can take the name. */
const PATH_KINDS = '"_path_kinds"';
const RECORD_PATH_KINDS = `INSERT OR IGNORE INTO ${PATH_KINDS} (collection, path, kind) SELECT ?, value ->> 0, value ->> 1 FROM json_each(?)`;
/** The row (path, kind) saying that a collection's kinds are recorded, those of documents stored before kinds were included. */
const RECORDED: [string, string] = ['', 'recorded'];

const NO_KINDS = new PathKinds(new Map());

/** A document written to a table, whose path kinds the write records. */
interface Written {
  table: string;
  document: StoredDocument;
}

export class SqliteDocumentStore implements DocumentStore {
  private readonly engine: SqliteEngine;

  constructor(options: SqliteDocumentStoreOptions) {
    this.engine = new SqliteEngine(options);
  }

  collection<T extends StoredDocument = StoredDocument>(name: string): Collection<T> {
    assertCollectionName(name);
    return new SqliteCollection<T>(this.engine, name);
  }

  async writeBatch(operations: WriteOperation[]): Promise<void> {
    await this.submitBatch(operations).committed;
  }

  /**
   * The batch goes to the writer (the write worker's queue, or the main
   * connection at once); until it settles, a read of a collection it touches
   * waits for it. Invalid operations throw here, before anything is sent.
   */
  submitBatch(operations: WriteOperation[]): SubmittedBatch {
    for (const operation of operations) {
      assertCollectionName(operation.collection);
      if (operation.kind !== 'delete') assertDocument(operation.document);
    }
    // Tables are created before the transaction: a rollback would undo a CREATE TABLE the engine already counts as done.
    for (const operation of operations) this.engine.ensureTable(operation.collection);
    const statements = operations.map((op) =>
      op.kind === 'delete' ? deleteSql(op.collection, op.id) : op.kind === 'insert' ? insertSql(op.collection, op.document) : upsertSql(op.collection, op.document),
    );
    const tables = new Set(operations.map((op) => op.collection));
    const written = operations.flatMap((op) => (op.kind === 'delete' ? [] : [{ table: op.collection, document: op.document }]));
    const committed = this.engine.write(statements, operations.some((op) => op.kind === 'delete'), tables, written).then(() => undefined);
    return { committed };
  }

  async dropCollection(name: string): Promise<void> {
    assertCollectionName(name);
    this.engine.dropTable(name);
  }

  async close(): Promise<void> {
    await this.engine.close();
  }

  /** The query plan (EXPLAIN QUERY PLAN details) of a find, or of a count with `count: true`. For tests. */
  explain(collection: string, filter: Filter, options: FindOptions & { count?: boolean; countLimit?: number } = {}): string[] {
    assertCollectionName(collection);
    this.engine.ensureTable(collection);
    const node = parseFilter(filter);
    return this.engine.read(collection, queryPaths(node, options.sort), (kinds) => {
      const query = options.count ? countPlan(collection, node, options.countLimit, kinds).query : findPlan(collection, node, options, kinds).query;
      return this.engine.explain(query);
    });
  }
}

class SqliteCollection<T extends StoredDocument> implements Collection<T> {
  constructor(
    private readonly engine: SqliteEngine,
    readonly name: string,
  ) {}

  async get(id: string): Promise<T | null> {
    await this.engine.writesSettled(this.name);
    const text = this.engine.pluck(this.name, sql(`SELECT doc FROM ${quote(this.name)} WHERE id = ?`, id))[0];
    return text === undefined ? null : (JSON.parse(text) as T);
  }

  async getMany(ids: string[]): Promise<T[]> {
    if (ids.length === 0) return [];
    await this.engine.writesSettled(this.name);
    // One JSON array parameter instead of chunks of `?`: no parameter limit, and a single cached statement.
    const query = sql(`SELECT doc FROM ${quote(this.name)} WHERE id IN (SELECT value FROM json_each(?))`, JSON.stringify(ids));
    return this.engine.pluck(this.name, query).map((text) => JSON.parse(text) as T);
  }

  async upsert(document: T): Promise<void> {
    assertDocument(document);
    this.engine.ensureTable(this.name);
    await this.engine.write([upsertSql(this.name, document)], false, [this.name], [{ table: this.name, document }]);
  }

  async insert(document: T): Promise<boolean> {
    assertDocument(document);
    this.engine.ensureTable(this.name);
    const [changes] = await this.engine.write([insertSql(this.name, document)], false, [this.name], [{ table: this.name, document }]);
    return changes === 1;
  }

  /**
   * In SQL (one UPDATE) where the guard's paths hold scalars; otherwise the
   * stored document is read, matched, and replaced only if it is still the
   * one read (a compare-and-set on its text), again until the answer holds.
   */
  async replaceWhere(document: T, where: Filter): Promise<boolean> {
    assertDocument(document);
    const node = parseFilter(where);
    this.engine.ensureTable(this.name);
    const text = JSON.stringify(document);
    const table = quote(this.name);
    const paths = queryPaths(node);
    for (;;) {
      await this.engine.writesSettled(this.name);
      const attempt = this.engine.read(this.name, paths, (kinds): { statement: Sql; inSql: boolean } | false => {
        const condition = whereSql(node, kinds);
        if (condition.exact) {
          // Should a guarded path take an array before the update runs, the update changes nothing and the loop looks again.
          const unchanged = kindsStillFilterable(this.name, paths);
          const statement = sql(
            `UPDATE ${table} SET doc = ? WHERE id = ? AND (${condition.sql.text}) AND ${unchanged.text}`,
            text,
            document._id,
            ...condition.sql.params,
            ...unchanged.params,
          );
          return { statement, inSql: true };
        }
        const stored = this.engine.pluck(this.name, sql(`SELECT doc FROM ${table} WHERE id = ?`, document._id))[0];
        if (stored === undefined || !matchesFilter(JSON.parse(stored), node)) return false;
        return { statement: sql(`UPDATE ${table} SET doc = ? WHERE id = ? AND doc = ?`, text, document._id, stored), inSql: false };
      });
      if (attempt === false) return false;
      const [changes] = await this.engine.write([attempt.statement], false, [this.name], [{ table: this.name, document }]);
      if (changes === 1) return true;
      // In SQL, no change is the answer unless a guarded path took an array meanwhile; a lost compare-and-set looks again.
      if (attempt.inSql && this.engine.read(this.name, paths, (kinds) => whereSql(node, kinds).exact)) return false;
    }
  }

  async delete(id: string): Promise<boolean> {
    this.engine.ensureTable(this.name);
    const [changes] = await this.engine.write([deleteSql(this.name, id)], true, [this.name]);
    return (changes ?? 0) > 0;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    assertFindOptions(options);
    const node = parseFilter(filter);
    if (options.limit === 0) return [];
    this.engine.ensureTable(this.name);
    await this.engine.writesSettled(this.name);
    return this.engine.read(this.name, queryPaths(node, options.sort), (kinds) => {
      const plan = findPlan(this.name, node, options, kinds);
      if (plan.exact && plan.sorted) return this.engine.pluck(this.name, plan.query).map((text) => JSON.parse(text) as T);
      const skip = options.skip ?? 0;
      const limit = options.limit ?? Number.POSITIVE_INFINITY;
      const matching: T[] = [];
      for (const text of this.engine.iterate(plan.query)) {
        const document = JSON.parse(text) as T;
        if (!plan.exact && !matchesFilter(document, node)) continue;
        matching.push(document);
        // In SQL order, the page is complete once it is reached.
        if (plan.sorted && matching.length >= skip + limit) break;
      }
      if (!plan.sorted) matching.sort(compareDocuments(withIdTiebreak(options.sort)));
      return matching.slice(skip, skip + limit);
    });
  }

  async count(filter: Filter, options: CountOptions = {}): Promise<number> {
    assertCountOptions(options);
    const node = parseFilter(filter);
    this.engine.ensureTable(this.name);
    await this.engine.writesSettled(this.name);
    return this.engine.read(this.name, queryPaths(node), (kinds) => {
      const plan = countPlan(this.name, node, options.limit, kinds);
      if (plan.exact) return this.engine.pluck<number>(this.name, plan.query)[0] ?? 0;
      const limit = options.limit ?? Number.POSITIVE_INFINITY;
      let counted = 0;
      for (const text of this.engine.iterate(plan.query)) {
        if (counted >= limit) break;
        if (matchesFilter(JSON.parse(text), node)) counted++;
      }
      return counted;
    });
  }

  async ensureIndexes(indexes: IndexSpec[]): Promise<void> {
    assertIndexes(indexes);
    this.engine.ensureTable(this.name);
    this.engine.translateErrors(() =>
      this.engine.transaction(() => indexes.forEach((index) => this.engine.ensureIndex(this.name, index))),
    );
  }

  async clear(): Promise<void> {
    this.engine.ensureTable(this.name);
    this.engine.run(sql(`DELETE FROM ${quote(this.name)}`));
  }
}

/** The connection, its statement cache and the tables known to exist. */
class SqliteEngine {
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

  constructor(options: SqliteDocumentStoreOptions) {
    const synchronous = options.synchronous ?? 'NORMAL';
    if (!['FULL', 'NORMAL', 'OFF'].includes(synchronous)) throw new Error(`Invalid synchronous mode ${synchronous}`);
    this.db = new Database(options.path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${synchronous}`);
    this.db.pragma('busy_timeout = 5000');
    this.secureDelete = options.secureDelete === true;
    if (this.secureDelete) this.db.pragma('secure_delete = ON');
    this.db.function('regexp_i', { deterministic: true }, matchesCaseInsensitive);
    this.db.exec(`CREATE TABLE IF NOT EXISTS ${PATH_KINDS} (collection TEXT NOT NULL, path TEXT NOT NULL, kind TEXT NOT NULL, PRIMARY KEY (collection, path, kind)) WITHOUT ROWID`);
    this.inReadTransaction = this.db.transaction((work: () => unknown) => work());
    const inWorker = options.writeInWorker ?? options.path !== ':memory:';
    this.writer = inWorker && options.path !== ':memory:' ? new SqliteWriteWorker({ path: options.path, synchronous, secureDelete: this.secureDelete }) : null;
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
          this.transaction(() => statements.forEach((statement) => result.push(this.run(statement))));
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
    const name = quote(`${table}__${index.name}`);
    const definition = `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX ${name} ON ${quote(table)} (${indexColumns(index)})`;
    const existing = this.statement('SELECT sql FROM sqlite_schema WHERE type = ? AND name = ?')
      .pluck()
      .get('index', `${table}__${index.name}`) as string | undefined;
    if (existing === definition) return;
    if (existing !== undefined) this.db.exec(`DROP INDEX ${name}`);
    this.db.exec(definition);
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

  transaction(work: () => void): void {
    this.db.transaction(work)();
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
  if ((error as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE') {
    return new DuplicateKeyError((error as Error).message, { cause: error });
  }
  return error;
}

function matchesCaseInsensitive(pattern: unknown, value: unknown): number {
  // Only strings match, as in MongoDB; booleans reach here as 1/0 and numbers as numbers.
  return typeof pattern === 'string' && typeof value === 'string' && caseInsensitiveRegExp(pattern).test(value) ? 1 : 0;
}

function quote(identifier: string): string {
  // Identifiers are validated before they get here; quoting keeps keywords (e.g. "order") usable as names.
  return `"${identifier}"`;
}

function upsertSql(table: string, document: StoredDocument): Sql {
  // ON CONFLICT DO UPDATE keeps the row (and its rowid); INSERT OR REPLACE would delete and re-insert it.
  return sql(
    `INSERT INTO ${quote(table)} (id, doc) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`,
    document._id,
    JSON.stringify(document),
  );
}

function insertSql(table: string, document: StoredDocument): Sql {
  // Only a conflict on the id is ignored: another unique index still refuses (DuplicateKeyError).
  return sql(`INSERT INTO ${quote(table)} (id, doc) VALUES (?, ?) ON CONFLICT (id) DO NOTHING`, document._id, JSON.stringify(document));
}

function deleteSql(table: string, id: string): Sql {
  return sql(`DELETE FROM ${quote(table)} WHERE id = ?`, id);
}

interface Plan {
  query: Sql;
  /** The query's WHERE decides the filter; otherwise it only narrows the documents down, and semantics.ts decides. */
  exact: boolean;
}

/** The paths whose kinds decide how a query is answered. */
function queryPaths(node: FilterNode, sort: SortSpec = []): string[] {
  const paths = sort.map(([path]) => path);
  const visit = (n: FilterNode): void => {
    if (n.kind === 'condition') paths.push(n.path);
    else n.children.forEach(visit);
  };
  visit(node);
  return paths.filter((path) => path !== '_id');
}

/**
 * The find: wholly in SQL where the kinds allow (the common case, which the
 * expression indexes serve); otherwise a read of the candidates, in SQL's
 * order when the sort is exact there (`sorted`), without paging.
 */
function findPlan(table: string, node: FilterNode, options: FindOptions, kinds: PathKinds): Plan & { sorted: boolean } {
  const where = whereSql(node, kinds);
  const sort = withIdTiebreak(options.sort);
  const sorted = sort.every(([path]) => path === '_id' || kinds.sortable(path));
  const order = sorted ? ` ORDER BY ${orderBySql(sort)}` : '';
  // LIMIT -1 is SQLite's "no limit", needed when only skip is given.
  const paged = where.exact && sorted && (options.limit !== undefined || Boolean(options.skip));
  const paging = paged ? sql(' LIMIT ? OFFSET ?', options.limit ?? -1, options.skip ?? 0) : sql('');
  const query = sql(`SELECT doc FROM ${quote(table)} WHERE ${where.sql.text}${order}${paging.text}`, ...where.sql.params, ...paging.params);
  return { query, exact: where.exact, sorted };
}

/** The count in SQL where the kinds allow; otherwise the candidates to count on. */
function countPlan(table: string, node: FilterNode, limit: number | undefined, kinds: PathKinds): Plan {
  const where = whereSql(node, kinds);
  if (!where.exact) return { query: sql(`SELECT doc FROM ${quote(table)} WHERE ${where.sql.text}`, ...where.sql.params), exact: false };
  if (limit === undefined) return { query: sql(`SELECT count(*) FROM ${quote(table)} WHERE ${where.sql.text}`, ...where.sql.params), exact: true };
  // The subquery stops at the limit, so counting a large result set costs at most `limit` index entries.
  const query = sql(`SELECT count(*) FROM (SELECT 1 FROM ${quote(table)} WHERE ${where.sql.text} LIMIT ?)`, ...where.sql.params, limit);
  return { query, exact: true };
}

/** A condition that holds while no path of `paths` has taken a kind that makes SQL inexact on it (see PathKinds.filterable). */
function kindsStillFilterable(table: string, paths: string[]): Sql {
  const blocking = paths.flatMap((path) => PathKinds.blockingFilters(path));
  return sql(
    `NOT EXISTS (SELECT 1 FROM json_each(?) AS blocking JOIN ${PATH_KINDS} AS k ON k.collection = ? AND k.path = blocking.value ->> 0 AND k.kind = blocking.value ->> 1)`,
    JSON.stringify(blocking),
    table,
  );
}

function orderBySql(sort: SortSpec): string {
  return sort.map(([path, direction]) => `${field(path).value} ${direction === 1 ? 'ASC' : 'DESC'}`).join(', ');
}

/**
 * The index columns: the same expressions the queries use, then `id` for
 * non-unique indexes so that the `_id` tiebreak of a sort is served too.
 */
function indexColumns(index: IndexSpec): string {
  const sort = index.unique ? index.fields : withIdTiebreak(index.fields);
  return orderBySql(sort);
}

// ---------------------------------------------------------------------------
// Filters → SQL

interface FieldSql {
  /** The SQL value: NULL when missing or null, 1/0 for booleans. */
  value: string;
  /** json_type: 'null', 'true', 'false', 'integer', 'real', 'text', … or NULL when missing. */
  type: string;
  /** `_id` is the `id` column, always text. */
  isId: boolean;
}

const NUMBER_TYPES = "('integer', 'real')";
const BOOLEAN_TYPES = "('true', 'false')";

function field(path: string): FieldSql {
  if (path === '_id') return { value: 'id', type: "'text'", isId: true };
  // The path is validated (identifiers and dots only), so inlining it is safe; and it must be a literal,
  // since an expression index only serves a query that uses the very same expression.
  const jsonPath = `'$.${path}'`;
  return { value: `json_extract(doc, ${jsonPath})`, type: `json_type(doc, ${jsonPath})`, isId: false };
}

interface Where {
  sql: Sql;
  /** False when conditions on paths that hold arrays or embedded documents were left out (as always true). */
  exact: boolean;
}

/**
 * The WHERE of a filter. A condition SQL cannot decide exactly (see
 * PathKinds.filterable) counts as true, which, with no negation above a
 * condition, only widens the result: the documents read are then matched
 * again on their parsed form.
 */
function whereSql(node: FilterNode, kinds: PathKinds): Where {
  if (node.kind === 'condition') {
    if (node.path !== '_id' && !kinds.filterable(node.path)) return { sql: ALWAYS, exact: false };
    return { sql: conditionSql(field(node.path), node.condition), exact: true };
  }
  const children = node.children.map((child) => whereSql(child, kinds));
  const exact = children.every((child) => child.exact);
  const parts = children.map((child) => child.sql);
  if (node.kind === 'and') {
    const conditions = parts.filter((part) => part !== ALWAYS);
    return { sql: conditions.length === 0 ? ALWAYS : join(conditions, ' AND '), exact };
  }
  return { sql: parts.includes(ALWAYS) ? ALWAYS : join(parts, ' OR '), exact };
}

function join(parts: Sql[], separator: string): Sql {
  if (parts.length === 1) return parts[0] as Sql;
  return sql(parts.map((part) => `(${part.text})`).join(separator), ...parts.flatMap((part) => part.params));
}

function conditionSql(f: FieldSql, condition: Condition): Sql {
  switch (condition.operator) {
    case '$eq':
      return equals(f, condition.value);
    case '$ne':
      return not(equals(f, condition.value));
    case '$in':
      return inList(f, condition.values);
    case '$nin':
      return not(inList(f, condition.values));
    case '$exists':
      // json_type is NULL only for a missing field (a JSON null has type 'null').
      return sql(`${f.type} IS ${condition.value ? 'NOT ' : ''}NULL`);
    case '$regex':
      return sql(`regexp_i(?, ${f.value})`, condition.pattern);
    default:
      return compare(f, condition.operator, condition.value);
  }
}

/** Negation that also holds where the condition is NULL (a missing field), as MongoDB's $ne and $nin do. */
function not(condition: Sql): Sql {
  return sql(`(${condition.text}) IS NOT TRUE`, ...condition.params);
}

/**
 * Equality with MongoDB's type strictness. json_extract gives 1/0 for booleans,
 * so a boolean, or a number that could be mistaken for one (0 or 1), also
 * checks json_type; other strings and numbers compare plainly and keep the
 * condition answerable from the index alone.
 */
function equals(f: FieldSql, value: Scalar): Sql {
  if (value === null) return sql(`${f.value} IS NULL`);
  if (typeof value === 'string') return sql(`${f.value} = ?`, value);
  if (f.isId) return NEVER; // ids are strings, and the id column's affinity would turn 5 into '5'.
  if (typeof value === 'boolean') return sql(`${f.value} = ? AND ${f.type} = '${value}'`, value ? 1 : 0);
  if (value === 0 || value === 1) return sql(`${f.value} = ? AND ${f.type} IN ${NUMBER_TYPES}`, value);
  return sql(`${f.value} = ?`, numberParameter(value));
}

function inList(f: FieldSql, values: Scalar[]): Sql {
  if (values.length === 0) return NEVER;
  const plain = values.filter((value): value is string | number => isPlainComparable(f, value));
  const parts = values.filter((value) => !isPlainComparable(f, value)).map((value) => equals(f, value));
  if (plain.length > 0) {
    const params = plain.map((value) => (typeof value === 'number' ? numberParameter(value) : value));
    parts.unshift(sql(`${f.value} IN (${plain.map(() => '?').join(', ')})`, ...params));
  }
  return join(parts, ' OR ');
}

/** Values whose plain SQL equality is already type-strict (see `equals`). */
function isPlainComparable(f: FieldSql, value: Scalar): boolean {
  return typeof value === 'string' || (typeof value === 'number' && !f.isId && value !== 0 && value !== 1);
}

const SQL_COMPARISON: Record<Exclude<ComparisonOperator, '$eq' | '$ne'>, string> = {
  $gt: '>',
  $gte: '>=',
  $lt: '<',
  $lte: '<=',
};

/**
 * Ranges compare values of the bound's type only, as MongoDB does. SQLite
 * orders NULL < numbers < text, so the type is kept with a second bound where
 * possible (text ≥ '' > every number), which an index range scan still serves;
 * json_type is checked only where booleans (1/0) could fall into a numeric range.
 */
function compare(f: FieldSql, operator: Exclude<ComparisonOperator, '$eq' | '$ne'>, value: Scalar): Sql {
  const op = SQL_COMPARISON[operator];
  const below = operator === '$lt' || operator === '$lte';
  if (value === null) return operator === '$gte' || operator === '$lte' ? sql(`${f.value} IS NULL`) : NEVER;
  if (typeof value === 'string') {
    return below ? sql(`${f.value} ${op} ? AND ${f.value} >= ''`, value) : sql(`${f.value} ${op} ?`, value);
  }
  if (f.isId) return NEVER;
  if (typeof value === 'boolean') return sql(`${f.value} ${op} ? AND ${f.type} IN ${BOOLEAN_TYPES}`, value ? 1 : 0);
  const range = below ? `${f.value} ${op} ?` : `${f.value} ${op} ? AND ${f.value} < ''`;
  return numericRangeMayHoldBooleans(operator, value)
    ? sql(`${range} AND ${f.type} IN ${NUMBER_TYPES}`, value)
    : sql(range, numberParameter(value));
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * A number as SQLite reads it from the stored JSON. JSON.stringify writes an
 * integer beyond 2^53 with its shortest digits (2^60 as 1152921504606847000),
 * which SQLite reads as that exact 64-bit integer, not the double it stands
 * for; bound as a double, the number would not equal itself. Bound as the
 * same integer it does, and the order against every other stored number is
 * kept (distinct doubles have disjoint rounding intervals).
 */
function numberParameter(value: number): number | bigint {
  if (!Number.isInteger(value) || Number.isSafeInteger(value) || Math.abs(value) >= 1e21) return value;
  // Below 1e21 JSON.stringify writes plain digits; SQLite reads those as a double only past 64 bits.
  const digits = BigInt(JSON.stringify(value));
  return digits >= INT64_MIN && digits <= INT64_MAX ? digits : value;
}

function numericRangeMayHoldBooleans(operator: keyof typeof SQL_COMPARISON, bound: number): boolean {
  switch (operator) {
    case '$gt':
      return bound < 1;
    case '$gte':
      return bound <= 1;
    case '$lt':
      return bound > 0;
    case '$lte':
      return bound >= 0;
  }
}

export { DuplicateKeyError, InvalidQueryError };
