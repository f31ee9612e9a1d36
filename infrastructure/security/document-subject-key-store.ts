import { randomBytes } from 'node:crypto';
import type { DocumentStore } from '../../application/ports/document-store.js';
import type { SubjectKeyStore } from '../../application/ports/security.js';

interface KeyDocument {
  _id: string;
  key: string;
  [field: string]: unknown;
}

/**
 * Data-subject keys in their own document store (for SQLite, its own file
 * `keys.db`, never the event store's). In production this store would wrap the
 * keys with a KMS master key; deleting a document is what "forgetting" means.
 */
export class DocumentSubjectKeyStore implements SubjectKeyStore {
  private readonly cache = new Map<string, Buffer | null>();

  constructor(private readonly store: DocumentStore) {}

  private keys() {
    return this.store.collection<KeyDocument>('subject_keys');
  }

  async getOrCreate(subjectId: string): Promise<Buffer> {
    const existing = await this.get(subjectId);
    if (existing) return existing;
    const key = randomBytes(32);
    await this.keys().upsert({ _id: subjectId, key: key.toString('base64') });
    this.cache.set(subjectId, key);
    return key;
  }

  async get(subjectId: string): Promise<Buffer | null> {
    if (this.cache.has(subjectId)) return this.cache.get(subjectId) ?? null;
    const document = await this.keys().get(subjectId);
    const key = document ? Buffer.from(document.key, 'base64') : null;
    // Missing keys are not cached: another process may create one (a CLI, a second server).
    if (key) this.cache.set(subjectId, key);
    return key;
  }

  async delete(subjectId: string): Promise<boolean> {
    this.cache.delete(subjectId);
    return this.keys().delete(subjectId);
  }
}
