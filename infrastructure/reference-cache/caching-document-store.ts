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
import { ChangeMarks, DEFAULT_CHECK_EVERY_MS, REFERENCE_CHANGES } from './change-marks.js';

/** Per cached collection: how many distinct reads are remembered before the oldest is forgotten. */
const DEFAULT_MAX_ENTRIES = 2_000;

/**
 * Per cached collection: how many documents its remembered answers may hold
 * in all (a `find` answer weighs its rows, any other answer one) before the
 * oldest are forgotten; an answer heavier than a tenth of it is not kept.
 * Without it, 2,000 list answers of 1,001 users (an unpaged list refused as
 * too long still reads them) held about 1.5 GB; with it the users' cache
 * holds at most 20,000 documents (about 16 MB), and an unpaged list of up to
 * 2,000 rows is still remembered.
 */
const DEFAULT_MAX_ROWS = 20_000;

/**
 * A read-through cache in front of a document store, for the collections
 * named at construction: the reference data (accounts, organizations, users,
 * the catalogue…), read on every request and changed rarely.
 *
 * **Never stale here.** A write through this decorator (the projection
 * runner writes the read models through the same instance) to a cached
 * collection forgets everything cached for it, before the write starts and
 * again once it is done. A read is kept only if no write to its collection
 * started or ran while it was being read, so an answer read before a change can
 * never be served after it, even from an asynchronous store (MongoDB).
 *
 * **Bounded staleness across processes.** Another process's writes (the
 * projector's, seen from an `api` replica) are learnt from the marks each
 * write leaves in the shared store (change-marks.ts): looked at by `refresh()`
 * (before each request to an API replica), else at most every `checkEveryMs`
 * before answering from memory.
 *
 * **Shared, frozen answers.** Cached documents are deeply frozen and shared by
 * every reader; `find` hands out a new array each time (callers sort it). A
 * caller that tried to modify a document would get a TypeError, never a
 * silently corrupted cache.
 */
export class CachingDocumentStore implements DocumentStore {
  private readonly caches = new Map<string, CollectionCache>();
  private readonly collections = new Map<string, Collection>();
  private readonly isCached: (collection: string) => boolean;
  private readonly changes: ChangeMarks;

  /** `cachedCollections`: the names of the collections to cache, or a predicate on the name. */
  constructor(
    private readonly inner: DocumentStore,
    cachedCollections: readonly string[] | ((collection: string) => boolean),
    private readonly maxEntriesPerCollection = DEFAULT_MAX_ENTRIES,
    private readonly maxRowsPerCollection = DEFAULT_MAX_ROWS,
    crossProcess: { checkEveryMs?: number; now?: () => number } = {},
  ) {
    this.changes = new ChangeMarks(inner, (collection) => this.caches.get(collection)?.forget(), crossProcess.checkEveryMs ?? DEFAULT_CHECK_EVERY_MS, crossProcess.now);
    if (typeof cachedCollections === 'function') {
      this.isCached = (collection) => collection !== REFERENCE_CHANGES && cachedCollections(collection);
    } else {
      const names = new Set(cachedCollections);
      this.isCached = (collection) => collection !== REFERENCE_CHANGES && names.has(collection);
    }
    const submit = inner.submitBatch?.bind(inner);
    if (submit) {
      this.submitBatch = (operations) => {
        const caches = this.touched(operations);
        for (const cache of caches) cache.beginWrite();
        const end = () => {
          for (const cache of caches) cache.endWrite();
        };
        let batch: SubmittedBatch;
        try {
          batch = submit(this.withMarks(operations, caches));
        } catch (error) {
          end();
          throw error;
        }
        return { committed: batch.committed.finally(end) };
      };
    }
  }

  /** The batch, followed by the marks of the cached collections it writes (written with it, after its documents). */
  private withMarks(operations: WriteOperation[], caches: readonly CollectionCache[]): WriteOperation[] {
    return caches.length === 0 ? operations : [...operations, ...this.changes.marks(caches.map((cache) => cache.name))];
  }

  /**
   * Looks at the other processes' marks now: what they wrote before this call
   * is then read from the store, not from memory (after a read-your-writes wait).
   */
  refresh(): Promise<void> {
    return this.changes.refresh();
  }

  private touched(operations: readonly WriteOperation[]): CollectionCache[] {
    const touched = new Set<CollectionCache>();
    for (const operation of operations) {
      const cache = this.cacheOf(operation.collection);
      if (cache) touched.add(cache);
    }
    return [...touched];
  }

  /** The store this cache reads through (for tools that need the adapter itself). */
  get uncached(): DocumentStore {
    return this.inner;
  }

  collection<T extends StoredDocument = StoredDocument>(name: string): Collection<T> {
    // Collections are stateless handles: one per name is made and kept (names are few: the read models').
    let collection = this.collections.get(name);
    if (!collection) {
      const inner = this.inner.collection(name);
      const cache = this.cacheOf(name);
      collection = cache ? new CachedCollection(inner, cache, this.changes) : inner;
      this.collections.set(name, collection);
    }
    return collection as unknown as Collection<T>;
  }

  /** Present when the inner store has it: the batch is submitted with the caches it touches marked as being written until it settles. */
  readonly submitBatch?: (operations: WriteOperation[]) => SubmittedBatch;

  async writeBatch(operations: WriteOperation[]): Promise<void> {
    const caches = this.touched(operations);
    await writing(caches, () => this.inner.writeBatch(this.withMarks(operations, caches)));
  }

  async dropCollection(name: string): Promise<void> {
    const cache = this.cacheOf(name);
    await writing(cache ? [cache] : [], async () => {
      await this.inner.dropCollection(name);
      await this.changes.mark(cache ? [name] : []);
    });
  }

  async replaceCollection(target: string, source: string): Promise<void> {
    const caches = [this.cacheOf(target), this.cacheOf(source)].filter((cache): cache is CollectionCache => cache !== null);
    await writing(caches, async () => {
      await this.inner.replaceCollection(target, source);
      await this.changes.mark(caches.map((cache) => cache.name));
    });
  }

  close(): Promise<void> {
    for (const cache of this.caches.values()) cache.forget();
    return this.inner.close();
  }

  private cacheOf(collection: string): CollectionCache | null {
    let cache = this.caches.get(collection);
    if (!cache) {
      if (!this.isCached(collection)) return null;
      cache = new CollectionCache(collection, this.maxEntriesPerCollection, this.maxRowsPerCollection, () => this.changes.freshen());
      this.caches.set(collection, cache);
    }
    return cache;
  }
}

/** Runs a write with the caches of the collections it touches marked as being written. */
async function writing<R>(caches: readonly CollectionCache[], write: () => Promise<R>): Promise<R> {
  for (const cache of caches) cache.beginWrite();
  try {
    return await write();
  } finally {
    for (const cache of caches) cache.endWrite();
  }
}

/** A cached answer; `value` may be null (a document that does not exist is remembered too). */
interface Entry {
  value: unknown;
  /** The documents it holds: a find's rows, else 1. */
  rows: number;
}

class CollectionCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped when a write starts and when it ends: a read that saw another generation is not kept. */
  private generation = 0;
  private writesInFlight = 0;
  /** The documents the entries hold in all. */
  private rows = 0;

  constructor(
    readonly name: string,
    private readonly maxEntries: number,
    private readonly maxRows: number,
    /** Null, or the look at the other processes' marks to wait for before answering from memory. */
    private readonly freshen: () => Promise<void> | null,
  ) {}

  beginWrite(): void {
    this.writesInFlight += 1;
    this.forget();
  }

  endWrite(): void {
    this.writesInFlight -= 1;
    this.forget();
  }

  forget(): void {
    this.generation += 1;
    this.entries.clear();
    this.rows = 0;
  }

  /** The documents the remembered answers hold (tests). */
  get heldRows(): number {
    return this.rows;
  }

  async read<V>(key: string, load: () => Promise<V>): Promise<V> {
    // Taken before the look at the marks: a write that starts meanwhile is one the read may have missed.
    const generation = this.generation;
    const look = this.freshen();
    if (look) await look;
    const hit = this.entries.get(key);
    if (hit) return hit.value as V;
    const value = await load();
    const rows = Array.isArray(value) ? Math.max(1, value.length) : 1;
    if (this.writesInFlight === 0 && generation === this.generation && rows <= this.maxRows / 10) {
      while (this.entries.size > 0 && (this.entries.size >= this.maxEntries || this.rows + rows > this.maxRows)) this.evictOldest();
      this.entries.set(key, { value: deepFreeze(value), rows });
      this.rows += rows;
    }
    return value;
  }

  private evictOldest(): void {
    const [key, entry] = this.entries.entries().next().value as [string, Entry];
    this.entries.delete(key);
    this.rows -= entry.rows;
  }
}

class CachedCollection<T extends StoredDocument> implements Collection<T> {
  constructor(
    private readonly inner: Collection<T>,
    private readonly cache: CollectionCache,
    private readonly changes: ChangeMarks,
  ) {}

  /** A write to this collection, then its mark (not one batch: the port's single writes answer what they did). */
  private write<R>(change: () => Promise<R>): Promise<R> {
    return writing([this.cache], async () => {
      const result = await change();
      await this.changes.mark([this.inner.name]);
      return result;
    });
  }

  get name(): string {
    return this.inner.name;
  }

  get(id: string): Promise<T | null> {
    return this.cache.read(`get\u0000${id}`, () => this.inner.get(id));
  }

  getMany(ids: string[]): Promise<T[]> {
    return this.inner.getMany(ids);
  }

  async find(filter: Filter, options?: FindOptions): Promise<T[]> {
    const documents = await this.cache.read(`find\u0000${JSON.stringify([filter, options ?? null])}`, () =>
      this.inner.find(filter, options),
    );
    // A new array every time: callers may sort or splice it; the documents stay shared (and frozen).
    return documents.slice();
  }

  count(filter: Filter, options?: CountOptions): Promise<number> {
    return this.cache.read(`count\u0000${JSON.stringify([filter, options ?? null])}`, () => this.inner.count(filter, options));
  }

  upsert(document: T): Promise<void> {
    return this.write(() => this.inner.upsert(document));
  }

  insert(document: T): Promise<boolean> {
    return this.write(() => this.inner.insert(document));
  }

  replaceWhere(document: T, where: Filter): Promise<boolean> {
    return this.write(() => this.inner.replaceWhere(document, where));
  }

  delete(id: string): Promise<boolean> {
    return this.write(() => this.inner.delete(id));
  }

  clear(): Promise<void> {
    return this.write(() => this.inner.clear());
  }

  ensureIndexes(indexes: IndexSpec[]): Promise<void> {
    // The answers do not change, but a hint naming a dropped index must now fail as it would uncached.
    return writing([this.cache], () => this.inner.ensureIndexes(indexes));
  }
}

function deepFreeze<V>(value: V): V {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return Object.freeze(value);
}
