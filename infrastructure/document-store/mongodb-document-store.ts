/**
 * The MongoDB document store. Filters are already MongoDB's language, so they
 * pass through after the same validation as the SQLite adapter (same subset,
 * same errors); only `$regex` gains the `i` option the port implies.
 */
import { MongoClient } from 'mongodb';
import type { AnyBulkWriteOperation, ClientSession, Db, Document, Collection as MongoCollection, Sort } from 'mongodb';
import type {
  Collection,
  CountOptions,
  DocumentStore,
  FieldOperators,
  Filter,
  FindOptions,
  IndexSpec,
  StoredDocument,
  WriteOperation,
} from '../../application/ports/document-store.js';
import { FENCE_COUNT_FIELD, FencedWriteError } from '../../application/ports/document-store.js';
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

const DUPLICATE_KEY = 11000;
const NAMESPACE_NOT_FOUND = 26;
const NAMESPACE_EXISTS = 48;
const GET_MANY_CHUNK = 1000;
/** Undefined fields are left out, as JSON.stringify leaves them out of SQLite documents. */
const WRITE_OPTIONS = { ignoreUndefined: true } as const;

export class MongoDocumentStore implements DocumentStore {
  private readonly db: Db;
  private transactional: Promise<boolean> | null = null;

  /**
   * @param client an already connected client; `close()` closes it only when
   *   `ownsClient` is set (as `connect` does), since otherwise its owner does.
   */
  constructor(
    private readonly client: MongoClient,
    databaseName: string,
    private readonly options: { ownsClient?: boolean; onNoTransactions?: () => void } = {},
  ) {
    this.db = client.db(databaseName);
  }

  static async connect(url: string, databaseName: string, onNoTransactions?: () => void): Promise<MongoDocumentStore> {
    const client = await MongoClient.connect(url, { ignoreUndefined: true });
    return new MongoDocumentStore(client, databaseName, { ownsClient: true, onNoTransactions });
  }

  collection<T extends StoredDocument = StoredDocument>(name: string): Collection<T> {
    assertCollectionName(name);
    return new MongoDocumentCollection<T>(this.db.collection<StoredDocument>(name), name);
  }

  async writeBatch(operations: WriteOperation[]): Promise<void> {
    // Everything is validated before the first write, so a bad operation changes nothing.
    const byCollection = new Map<string, AnyBulkWriteOperation<StoredDocument>[]>();
    const expected: Array<Extract<WriteOperation, { kind: 'expect' }>> = [];
    for (const operation of operations) {
      assertCollectionName(operation.collection);
      if (operation.kind === 'expect') {
        expected.push(operation);
        continue;
      }
      const writes = byCollection.get(operation.collection) ?? [];
      byCollection.set(operation.collection, writes);
      writes.push(toBulkWrite(operation));
    }
    for (const { field } of expected) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) throw new InvalidQueryError(`An expected field is a top-level name, not ${JSON.stringify(field)}`);
    }
    if (operations.length === 0) return;
    const write = async (session?: ClientSession) => {
      for (const guard of expected) await this.fence(guard, session);
      for (const [name, writes] of byCollection) {
        await this.db.collection<StoredDocument>(name).bulkWrite(writes, { ordered: true, session, ...WRITE_OPTIONS });
      }
    };
    if (!(await this.transactions())) return translateErrors(() => write());
    // withTransaction runs `write` again on a transient error (a write conflict with a takeover, an election).
    await translateErrors(() => this.client.withSession((session) => session.withTransaction(() => write(session))));
  }

  /**
   * The fencing check: counts the batch in the guarded document, only while it
   * holds the value. Being a write, it conflicts with a takeover's change of
   * that document in the same moment, which a read in a snapshot would not.
   */
  private async fence(guard: Extract<WriteOperation, { kind: 'expect' }>, session: ClientSession | undefined): Promise<void> {
    const { collection, id, field, value } = guard;
    const { matchedCount } = await this.db
      .collection<StoredDocument>(collection)
      .updateOne({ _id: id, [field]: value }, { $inc: { [FENCE_COUNT_FIELD]: 1 } as Document }, { session });
    if (matchedCount === 0) throw new FencedWriteError(`${collection}/${id}`);
  }

  /** Whether the server runs transactions (a replica set member or mongos); asked once. */
  private transactions(): Promise<boolean> {
    this.transactional ??= this.db
      .admin()
      .command({ hello: 1 })
      .then((hello) => typeof hello.setName === 'string' || hello.msg === 'isdbgrid')
      .then((supported) => {
        if (!supported) this.options.onNoTransactions?.();
        return supported;
      });
    return this.transactional;
  }

  async dropCollection(name: string): Promise<void> {
    assertCollectionName(name);
    try {
      await this.db.collection(name).drop();
    } catch (error) {
      // Servers before 7.0 refuse to drop a collection that does not exist; the port treats that as done.
      if ((error as { code?: unknown }).code !== NAMESPACE_NOT_FOUND) throw error;
    }
  }

  /** renameCollection with dropTarget: readers of `target` see the old collection until the rename, then the new one. */
  async replaceCollection(target: string, source: string): Promise<void> {
    assertCollectionName(target);
    assertCollectionName(source);
    if (target === source) throw new InvalidQueryError(`A collection cannot replace itself (${JSON.stringify(target)})`);
    try {
      await this.db.createCollection(source);
    } catch (error) {
      // A source that exists already is the usual case; one never written becomes an empty collection.
      if ((error as { code?: unknown }).code !== NAMESPACE_EXISTS) throw error;
    }
    await this.db.renameCollection(source, target, { dropTarget: true });
  }

  async close(): Promise<void> {
    if (this.options.ownsClient) await this.client.close();
  }
}

class MongoDocumentCollection<T extends StoredDocument> implements Collection<T> {
  constructor(
    private readonly collection: MongoCollection<StoredDocument>,
    readonly name: string,
  ) {}

  async get(id: string): Promise<T | null> {
    return (await this.collection.findOne({ _id: id })) as T | null;
  }

  async getMany(ids: string[]): Promise<T[]> {
    const found: T[] = [];
    // Chunks keep a very long id list well under MongoDB's 16 MB command size.
    for (let start = 0; start < ids.length; start += GET_MANY_CHUNK) {
      const chunk = ids.slice(start, start + GET_MANY_CHUNK);
      found.push(...((await this.collection.find({ _id: { $in: chunk } }).toArray()) as T[]));
    }
    return found;
  }

  async upsert(document: T): Promise<void> {
    assertDocument(document);
    await translateErrors(() =>
      this.collection.replaceOne({ _id: document._id }, document, { upsert: true, ...WRITE_OPTIONS }),
    );
  }

  async insert(document: T): Promise<boolean> {
    assertDocument(document);
    const result = await translateErrors(() => this.collection.updateOne(...insertIfAbsent(document), WRITE_OPTIONS));
    return result.upsertedCount === 1;
  }

  async replaceWhere(document: T, where: Filter): Promise<boolean> {
    assertDocument(document);
    const guard = { $and: [{ _id: document._id }, toMongoFilter(where)] };
    const result = await translateErrors(() => this.collection.replaceOne(guard, document, WRITE_OPTIONS));
    // Matched is the answer: a replacement identical to the stored document modifies nothing, yet it took place.
    return result.matchedCount === 1;
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.collection.deleteOne({ _id: id });
    return result.deletedCount > 0;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    const query = toMongoFilter(filter);
    assertFindOptions(options);
    // MongoDB reads limit 0 as "no limit"; the port means no documents.
    if (options.limit === 0) return [];
    const sort: Sort = Object.fromEntries(withIdTiebreak(options.sort));
    const cursor = this.collection.find(query, { sort, skip: options.skip, limit: options.limit, ...(options.hint ? { hint: options.hint } : {}) });
    return (await cursor.toArray()) as T[];
  }

  async count(filter: Filter, options: CountOptions = {}): Promise<number> {
    assertCountOptions(options);
    // MongoDB reads limit 0 as "no limit"; the port means counting nothing.
    if (options.limit === 0) return 0;
    return this.collection.countDocuments(toMongoFilter(filter), {
      ...(options.limit === undefined ? {} : { limit: options.limit }),
      ...(options.hint ? { hint: options.hint } : {}),
    });
  }

  async ensureIndexes(indexes: IndexSpec[]): Promise<void> {
    assertIndexes(indexes);
    // Indexes no longer declared go first (MongoDB's own _id_ stays); the collection may not exist yet.
    const declared = new Set(indexes.map((index) => index.name));
    const existing = await this.collection.listIndexes().toArray().catch(() => []);
    for (const { name } of existing) {
      if (typeof name === 'string' && name !== '_id_' && !declared.has(name)) await this.collection.dropIndex(name);
    }
    if (indexes.length === 0) return;
    await this.collection.createIndexes(
      indexes.map((index) => ({
        name: index.name,
        key: Object.fromEntries(index.fields),
        // `unique: false` is left out: an explicit false would conflict with an existing identical index.
        ...(index.unique ? { unique: true } : {}),
      })),
    );
  }

  async clear(): Promise<void> {
    await this.collection.deleteMany({});
  }
}

function toBulkWrite(operation: Exclude<WriteOperation, { kind: 'expect' }>): AnyBulkWriteOperation<StoredDocument> {
  if (operation.kind === 'delete') return { deleteOne: { filter: { _id: operation.id } } };
  assertDocument(operation.document);
  if (operation.kind === 'insert') {
    const [filter, update] = insertIfAbsent(operation.document);
    return { updateOne: { filter, update, upsert: true } };
  }
  return { replaceOne: { filter: { _id: operation.document._id }, replacement: operation.document, upsert: true } };
}

/**
 * An upsert that only sets fields when it inserts: an existing document stays
 * as it is. The server retries an upsert that races another on the same _id
 * (4.2+), so concurrent inserts of one id store exactly one document.
 */
function insertIfAbsent(document: StoredDocument): [{ _id: string }, { $setOnInsert: Document }] {
  const { _id, ...fields } = document;
  // $setOnInsert may not be empty; the _id of an upsert comes from the filter.
  return [{ _id }, { $setOnInsert: Object.keys(fields).length > 0 ? fields : { _id } }];
}

/** Validates the filter against the port's subset, then adds the implied `i` option to every `$regex`. */
export function toMongoFilter(filter: Filter): Document {
  parseFilter(filter);
  return translateFilter(filter);
}

function translateFilter(filter: Filter): Document {
  const translated: Document = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    if (key === '$and' || key === '$or') translated[key] = (value as Filter[]).map(translateFilter);
    else translated[key] = isOperatorObject(value) ? translateOperators(value) : value;
  }
  return translated;
}

function translateOperators(operators: FieldOperators): Document {
  const translated: Document = {};
  for (const [operator, operand] of Object.entries(operators)) {
    if (operand === undefined) continue;
    translated[operator] = operand;
    if (operator === '$regex') translated.$options = 'i';
  }
  return translated;
}

function isOperatorObject(value: unknown): value is FieldOperators {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function translateErrors<R>(work: () => Promise<R>): Promise<R> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: unknown }).code === DUPLICATE_KEY) {
      throw new DuplicateKeyError((error as Error).message, { cause: error });
    }
    throw error;
  }
}
