import { randomBytes } from 'node:crypto';
import type { DocumentStore } from '../../application/ports/document-store.js';
import type { SubjectKeyStore } from '../../application/ports/security.js';

interface KeyDocument {
  _id: string;
  key: string;
  [field: string]: unknown;
}

/** A new key waiting for the next batched write. */
interface PendingKey {
  document: KeyDocument;
  /** With the subject's stored key: this one, or the one another process stored first. */
  resolve(key: Buffer): void;
  reject(error: unknown): void;
}

/**
 * Data-subject keys in their own document store (for SQLite, its own file
 * `keys.db`, never the event store's). In production this store would wrap the
 * keys with a KMS master key; deleting a document is what "forgetting" means.
 *
 * New keys are written in batches: every key created during one turn of the
 * event loop goes into one `writeBatch` (one commit, one fsync), and
 * `getOrCreate` answers once its key is written. Two concurrent requests for
 * the same new subject share one key: the second waits for the first's write
 * instead of creating (and overwriting it with) another key, which would leave
 * the first one's sealed data unreadable. Across processes the same holds: a
 * new key is inserted only if the subject has none (`insert`), and every
 * caller gets the key that is stored, whoever stored it first.
 */
export class DocumentSubjectKeyStore implements SubjectKeyStore {
  /** Keys being created, by subject: a concurrent getOrCreate of the same subject shares the creation. */
  private readonly creating = new Map<string, Promise<Buffer>>();
  private pending: PendingKey[] = [];
  private flushScheduled = false;

  constructor(private readonly store: DocumentStore) {}

  private keys() {
    return this.store.collection<KeyDocument>('subject_keys');
  }

  async getOrCreate(subjectId: string): Promise<Buffer> {
    const existing = await this.get(subjectId);
    if (existing) return existing;
    const inFlight = this.creating.get(subjectId);
    if (inFlight) return inFlight;
    const created = this.write({ _id: subjectId, key: randomBytes(32).toString('base64') }).finally(() => this.creating.delete(subjectId));
    this.creating.set(subjectId, created);
    return created;
  }

  /**
   * Read from the store every time, never cached: another process (the
   * forget-customer command, a second server) may delete a key, and a cached
   * copy would keep revealing, and sealing with, a key that is gone.
   */
  async get(subjectId: string): Promise<Buffer | null> {
    const document = await this.keys().get(subjectId);
    return document ? Buffer.from(document.key, 'base64') : null;
  }

  /** Read from the store like `get`, in one query: for revealing many events at once. */
  async getMany(subjectIds: readonly string[]): Promise<Map<string, Buffer>> {
    const keys = new Map<string, Buffer>();
    if (subjectIds.length === 0) return keys;
    for (const document of await this.keys().getMany([...subjectIds])) keys.set(document._id, Buffer.from(document.key, 'base64'));
    return keys;
  }

  async delete(subjectId: string): Promise<boolean> {
    return this.keys().delete(subjectId);
  }

  private write(document: KeyDocument): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.pending.push({ document, resolve, reject });
      if (this.flushScheduled) return;
      this.flushScheduled = true;
      setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    this.flushScheduled = false;
    const batch = this.pending;
    this.pending = [];
    let stored: Map<string, Buffer>;
    try {
      await this.store.writeBatch(batch.map(({ document }) => ({ kind: 'insert', collection: 'subject_keys', document })));
      // What is stored now: ours, or the key another process inserted for the subject first.
      stored = await this.getMany(batch.map(({ document }) => document._id));
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    for (const pending of batch) {
      const key = stored.get(pending.document._id);
      // Deleted (forgotten) between the insert and the read: the caller must not seal with a key that is gone.
      if (key) pending.resolve(key);
      else pending.reject(new Error(`The key of subject ${pending.document._id} was deleted while it was being created`));
    }
  }
}
