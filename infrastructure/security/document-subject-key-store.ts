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
  constructor(private readonly store: DocumentStore) {}

  private keys() {
    return this.store.collection<KeyDocument>('subject_keys');
  }

  async getOrCreate(subjectId: string): Promise<Buffer> {
    const existing = await this.get(subjectId);
    if (existing) return existing;
    const key = randomBytes(32);
    await this.keys().upsert({ _id: subjectId, key: key.toString('base64') });
    return key;
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

  async delete(subjectId: string): Promise<boolean> {
    return this.keys().delete(subjectId);
  }
}
