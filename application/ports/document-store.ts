/**
 * The read-model (document) store port. Adapters: SQLite (JSON documents with
 * expression indexes) and MongoDB. One contract suite
 * (tests/contract/document-store.contract.ts) holds both to the same behaviour.
 *
 * Filters are a documented subset of MongoDB's query language, and mean
 * what MongoDB (7, 8.0) means by them, whatever the fields hold:
 *   { field: value }                     equality (dotted paths reach nested fields)
 *   $eq $ne $in $nin $gt $gte $lt $lte   comparisons with a scalar (string, number, boolean, null)
 *   $exists: true|false                  presence of the field
 *   $regex: string                       always case-insensitive (the `i` option is implied)
 *   $and: [...], $or: [...]              combinations
 * - A comparison only matches values of its operand's type: 1 is not true,
 *   '2' is not 2, an embedded document or an array as such is no scalar.
 *   `null` (with $eq, $in, $gte, $lte) matches a missing field too.
 * - A field holding an array is matched element-wise: { tags: 'x' } matches
 *   tags: ['x', 'y']; $ne, $nin and $exists: false are the negations of $eq,
 *   $in and $exists: true, so they require that no element matches.
 * - A dotted path goes into embedded documents, and into the embedded
 *   documents of an array; a scalar on the way counts as missing.
 *   (MongoDB servers past 8.0 with SERVER-36681 also let { 'a.b': null }
 *   match a: [] and arrays of scalars; 7 and 8.0 do not, nor does this port.)
 * - Sorts order by type first: null and missing, numbers, strings, embedded
 *   documents, arrays, booleans; an array sorts by its smallest element
 *   ascending and its largest descending, an empty one before null. Strings
 *   compare by code point (binary), never by locale.
 * - $regex runs as a JavaScript RegExp in SQLite and as PCRE in MongoDB:
 *   keep to the syntax both read alike (classes, anchors, alternation).
 * Refused with InvalidQueryError (infrastructure/document-store/query.ts), by
 * every adapter alike: other operators, an array or embedded document as an
 * operand (so no whole-document or whole-array equality), an invalid path.
 *
 * Performance: the SQLite adapter answers in SQL, from its expression
 * indexes, queries whose paths only ever held scalars (and sorts that do not
 * mix booleans with numbers or strings); a query on a path that ever held an
 * array or embedded document reads the candidates SQL can narrow down and
 * matches them one by one. Keep the fields that lists filter and sort on scalar.
 */

export type Scalar = string | number | boolean | null;

export interface FieldOperators {
  $eq?: Scalar;
  $ne?: Scalar;
  $in?: Scalar[];
  $nin?: Scalar[];
  $gt?: Scalar;
  $gte?: Scalar;
  $lt?: Scalar;
  $lte?: Scalar;
  $exists?: boolean;
  $regex?: string;
}

export type Filter = {
  $and?: Filter[];
  $or?: Filter[];
} & { [path: string]: Scalar | FieldOperators | Filter[] | undefined };

export type SortSpec = Array<[path: string, direction: 1 | -1]>;

export interface FindOptions {
  sort?: SortSpec;
  skip?: number;
  limit?: number;
  /**
   * The name of one of the collection's declared indexes to read by (MongoDB's
   * hint): the answer is the same, only the way to it changes. For the lists
   * whose caller knows better than a planner which index finds a page fastest
   * (it knows how many rows match); an index that does not exist is an error.
   */
  hint?: string;
}

export interface CountOptions {
  /** Stop counting at this many documents (a non-negative integer). */
  limit?: number;
  /** As FindOptions.hint: the index to count by (the count is the same). */
  hint?: string;
}

/** An index on one or more dotted paths, in order. */
export interface IndexSpec {
  name: string;
  fields: SortSpec;
  unique?: boolean;
}

/** Every document has a string `_id`. */
export interface StoredDocument {
  _id: string;
  [key: string]: unknown;
}

export interface Collection<T extends StoredDocument = StoredDocument> {
  readonly name: string;
  get(id: string): Promise<T | null>;
  /** The documents that exist among `ids`, in no particular order. */
  getMany(ids: string[]): Promise<T[]>;
  upsert(document: T): Promise<void>;
  /**
   * Stores the document unless one with its id exists, which is then left as
   * it is; true when stored. Atomic: of concurrent inserts of one id, across
   * processes too, exactly one answers true (claims, first-writer-wins keys).
   */
  insert(document: T): Promise<boolean>;
  /**
   * Replaces the stored document with the same id only while it matches
   * `where`; true when replaced, false when it is missing or no longer
   * matches. Atomic (a compare-and-set): of concurrent replacements guarded by
   * the same state, across processes too, exactly one answers true.
   */
  replaceWhere(document: T, where: Filter): Promise<boolean>;
  delete(id: string): Promise<boolean>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  /**
   * The number of matching documents; with `limit`, counting stops there
   * (the answer is at most `limit`), which bounds the cost of counting a
   * large result set.
   */
  count(filter: Filter, options?: CountOptions): Promise<number>;
  /**
   * The collection's indexes become exactly these (its owner, a projection,
   * declares them all): missing ones are built, ones whose definition changed
   * are rebuilt, ones no longer declared are dropped (each costs every write).
   */
  ensureIndexes(indexes: IndexSpec[]): Promise<void>;
  /** Removes every document (keeps the indexes). */
  clear(): Promise<void>;
}

/** One write of a batch; see DocumentStore.writeBatch. */
export type WriteOperation =
  | { kind: 'upsert'; collection: string; document: StoredDocument }
  /** Stores the document unless one with its id exists, which then stays as it is (see Collection.insert). */
  | { kind: 'insert'; collection: string; document: StoredDocument }
  | { kind: 'delete'; collection: string; id: string }
  /**
   * Writes nothing; the batch is written only if the document `id` holds
   * `value` at the top-level `field` (a fencing token): otherwise nothing of
   * it is, and it rejects with FencedWriteError. Checked in the batch's
   * transaction. MongoDB's transactions are snapshot-isolated, so there the
   * check also counts the batch in the guarded document's FENCE_COUNT_FIELD:
   * a takeover that changes the document meanwhile conflicts with the batch
   * (one of the two is retried), instead of both succeeding.
   */
  | { kind: 'expect'; collection: string; id: string; field: string; value: string | number };

/** Where MongoDB counts the batches an `expect` guarded (see WriteOperation): bookkeeping, not the owner's data. */
export const FENCE_COUNT_FIELD = '_fencedBatches';

/** A batch refused by one of its `expect` operations: nothing of it was written. */
export class FencedWriteError extends Error {
  readonly code = 'WRITE_FENCED';
  constructor(detail: string) {
    super(`The batch was refused, nothing written: ${detail} no longer holds the expected value (a newer holder took over)`);
    this.name = 'FencedWriteError';
  }
}

/** A batch handed to `DocumentStore.submitBatch`. */
export interface SubmittedBatch {
  /** Resolves once the batch is committed; rejects, with nothing written, when it fails. */
  committed: Promise<void>;
}

export interface DocumentStore {
  collection<T extends StoredDocument = StoredDocument>(name: string): Collection<T>;
  /**
   * Applies the operations in order, in one transaction: all or nothing.
   * MongoDB: ordered bulk writes per collection, in the order of first
   * appearance, in one transaction on a replica set (docker-compose runs
   * one); a standalone server has no transactions: its batches are written
   * as they come (a crash part-way is repaired by the projection runner's
   * revision guard when the batch is delivered again) and said so at start.
   */
  writeBatch(operations: WriteOperation[]): Promise<void>;
  /**
   * Optional: starts `writeBatch(operations)` and returns at once, with the
   * batch already ordered before every later read through this store of a
   * collection it touches: such a read waits for the batch to settle, so it
   * sees the batch once committed. `committed` settles as `writeBatch` would.
   * The projection runner uses it to answer a command (read your own writes)
   * without waiting for the read model's commit. A store that cannot order
   * its reads after its writes (MongoDB across connections) leaves it out.
   */
  submitBatch?(operations: WriteOperation[]): SubmittedBatch;
  dropCollection(name: string): Promise<void>;
  /**
   * Makes `source` the collection `target`, documents and indexes, in one
   * step: a reader of `target` sees its old documents or its new ones, never
   * neither nor a mix; the old documents are dropped and `source` no longer
   * exists. A `source` never written counts as empty. How a read model is
   * rebuilt while the old one keeps serving (blue-green): build it into a
   * collection of its own, then replace. SQLite: a table rename in one
   * transaction; MongoDB: renameCollection with dropTarget.
   */
  replaceCollection(target: string, source: string): Promise<void>;
  close(): Promise<void>;
}
