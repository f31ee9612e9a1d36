/**
 * The embedded document store: one SQLite table per collection holding JSON
 * text, queried through `json_extract` and served by expression indexes on
 * exactly the same expressions (the planner matches an index expression only
 * against an identical expression, so the SQL of sqlite-sql.ts keeps that
 * shape); sqlite-engine.ts holds the connections and the write worker.
 *
 * SQL over `json_extract` means what MongoDB means only on paths that hold
 * scalars: every write records which kinds of value each path held
 * (path-kinds.ts), and a query whose paths held arrays or embedded documents,
 * or a sort mixing booleans with numbers or strings, is decided on the parsed
 * documents instead (semantics.ts), after SQL has narrowed them down with the
 * conditions it can decide.
 */
import type {
  Collection,
  CountOptions,
  DocumentStore,
  Filter,
  FindOptions,
  IndexSpec,
  StoredDocument,
  SubmittedBatch,
  WriteOperation,
} from '../../application/ports/document-store.js';
import { compareDocuments, matchesFilter } from './semantics.js';
import {
  countPlan,
  deleteSql,
  expectSql,
  findPlan,
  insertSql,
  kindsStillFilterable,
  queryPaths,
  quote,
  sql,
  upsertSql,
  whereSql,
  type Sql,
} from './sqlite-sql.js';
import { SqliteEngine } from './sqlite-engine.js';
import {
  assertCollectionName,
  assertCountOptions,
  assertDocument,
  assertFindOptions,
  assertIndexes,
  DuplicateKeyError,
  InvalidQueryError,
  parseFilter,
  withIdTiebreak,
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
  /**
   * Each connection's page cache in MiB (SQLite's default is 2 MiB). A bulk
   * load (a restore, a benchmark's million documents) sets it large: index
   * upkeep on random keys and CREATE INDEX's sort then stay in memory.
   */
  cacheSizeMb?: number;
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
      if (operation.kind !== 'delete' && operation.kind !== 'expect') assertDocument(operation.document);
    }
    // Tables are created before the transaction: a rollback would undo a CREATE TABLE the engine already counts as done.
    for (const operation of operations) this.engine.ensureTable(operation.collection);
    const statements = operations.map(statementOf);
    const tables = new Set(operations.map((op) => op.collection));
    const written = operations.flatMap((op) => (op.kind === 'delete' || op.kind === 'expect' ? [] : [{ table: op.collection, document: op.document }]));
    const committed = this.engine.write(statements, operations.some((op) => op.kind === 'delete'), tables, written).then(() => undefined);
    return { committed };
  }

  async dropCollection(name: string): Promise<void> {
    assertCollectionName(name);
    this.engine.dropTable(name);
  }

  async replaceCollection(target: string, source: string): Promise<void> {
    assertCollectionName(target);
    assertCollectionName(source);
    if (target === source) throw new InvalidQueryError(`A collection cannot replace itself (${JSON.stringify(target)})`);
    await this.engine.replaceTable(target, source);
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
      const prefix = this.engine.indexPrefix(collection);
      const query = options.count
        ? countPlan(collection, node, options.countLimit, kinds, options.hint, prefix).query
        : findPlan(collection, node, options, kinds, prefix).query;
      return this.engine.explain(query);
    });
  }
}

function statementOf(op: WriteOperation): Sql {
  switch (op.kind) {
    case 'delete':
      return deleteSql(op.collection, op.id);
    case 'insert':
      return insertSql(op.collection, op.document);
    case 'expect':
      return expectSql(op.collection, op.id, op.field, op.value);
    default:
      return upsertSql(op.collection, op.document);
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
      const plan = findPlan(this.name, node, options, kinds, options.hint ? this.engine.indexPrefix(this.name) : this.name);
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
      const plan = countPlan(this.name, node, options.limit, kinds, options.hint, options.hint ? this.engine.indexPrefix(this.name) : this.name);
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
      this.engine.transaction(() => {
        this.engine.claimIndexNames(this.name, indexes.map((index) => index.name));
        indexes.forEach((index) => this.engine.ensureIndex(this.name, index));
        this.engine.dropIndexesExcept(this.name, indexes.map((index) => index.name));
      }),
    );
  }

  async clear(): Promise<void> {
    this.engine.ensureTable(this.name);
    this.engine.run(sql(`DELETE FROM ${quote(this.name)}`));
  }
}

export { DuplicateKeyError, InvalidQueryError };
