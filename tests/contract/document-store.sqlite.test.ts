import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { IndexSpec, StoredDocument, WriteOperation } from '../../application/ports/document-store.js';
import { DuplicateKeyError } from '../../infrastructure/document-store/query.js';
import { SqliteDocumentStore } from '../../infrastructure/document-store/sqlite-document-store.js';
import { documentStoreContract } from './document-store.contract.js';

function tempDatabasePath(): { path: string; remove(): void } {
  const directory = mkdtempSync(join(tmpdir(), 'document-store-'));
  return { path: join(directory, 'read-models.db'), remove: () => rmSync(directory, { recursive: true, force: true }) };
}

documentStoreContract('SqliteDocumentStore', async () => {
  const file = tempDatabasePath();
  const store = new SqliteDocumentStore({ path: file.path });
  return {
    store,
    cleanup: async () => {
      await store.close();
      file.remove();
    },
  };
});

describe('SqliteDocumentStore beyond the contract', () => {
  const opened: SqliteDocumentStore[] = [];
  const open = (path = ':memory:'): SqliteDocumentStore => {
    const store = new SqliteDocumentStore({ path });
    opened.push(store);
    return store;
  };

  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
  });

  describe('Given a unique index on email and a stored document', () => {
    it('When a batch upserts new documents and then a duplicate, then the whole batch is rolled back', async () => {
      const store = open();
      const users = store.collection('users');
      await users.ensureIndexes([{ name: 'by_email', fields: [['email', 1]], unique: true }]);
      await users.upsert({ _id: 'u1', email: 'a@example.com', v: 1 });
      const batch: WriteOperation[] = [
        { kind: 'upsert', collection: 'users', document: { _id: 'u1', email: 'a@example.com', v: 2 } },
        { kind: 'upsert', collection: 'other', document: { _id: 'o1' } },
        { kind: 'delete', collection: 'users', id: 'u1' },
        { kind: 'upsert', collection: 'users', document: { _id: 'u2', email: 'b@example.com' } },
        { kind: 'upsert', collection: 'users', document: { _id: 'u3', email: 'b@example.com' } },
      ];
      await expect(store.writeBatch(batch)).rejects.toThrow(DuplicateKeyError);
      expect(await users.find({})).toEqual([{ _id: 'u1', email: 'a@example.com', v: 1 }]);
      expect(await store.collection('other').count({})).toBe(0);
    });
  });

  describe('Given 10,000 documents and an index on accountId, status, createdAt descending', () => {
    const index: IndexSpec = { name: 'by_account_status_created', fields: [['accountId', 1], ['status', 1], ['createdAt', -1]] };
    const statuses = ['draft', 'offered', 'accepted', 'paid'];
    const documents: StoredDocument[] = Array.from({ length: 10_000 }, (_, i) => ({
      _id: `quote-${String(i).padStart(5, '0')}`,
      accountId: `account-${i % 25}`,
      status: statuses[i % statuses.length],
      // Many equal timestamps, so the _id tiebreak matters.
      createdAt: new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 7) * 60_000).toISOString(),
      customer: { name: `Customer ${i}` },
    }));

    const seeded = async (): Promise<SqliteDocumentStore> => {
      const store = open();
      await store.collection('quotes').ensureIndexes([index]);
      await store.writeBatch(documents.map((document) => ({ kind: 'upsert', collection: 'quotes', document })));
      return store;
    };

    it('When finding a page filtered on accountId and status, sorted by createdAt descending, then the index serves filter and order', async () => {
      const store = await seeded();
      const filter = { accountId: 'account-3', status: 'paid' };
      const options = { sort: [['createdAt', -1]] as Array<[string, -1]>, limit: 20 };
      const plan = store.explain('quotes', filter, options).join('\n');
      expect(plan).toContain('USING INDEX quotes__by_account_status_created');
      expect(plan).not.toContain('TEMP B-TREE');

      const expected = documents
        .filter((d) => d.accountId === filter.accountId && d.status === filter.status)
        .sort((a, b) => (a.createdAt === b.createdAt ? (a._id < b._id ? 1 : -1) : (a.createdAt as string) < (b.createdAt as string) ? 1 : -1))
        .slice(0, 20);
      expect(await store.collection('quotes').find(filter, options)).toEqual(expected);
    });

    it('When counting the same filter, then the index alone answers (covering)', async () => {
      const store = await seeded();
      const plan = store.explain('quotes', { accountId: 'account-3', status: 'paid' }, { count: true }).join('\n');
      expect(plan).toContain('USING COVERING INDEX quotes__by_account_status_created');
      expect(await store.collection('quotes').count({ accountId: 'account-3', status: 'paid' })).toBe(100);
    });

    it('When a string range filters on the third index field, then the index still serves it without a sort', async () => {
      const store = await seeded();
      const filter = { accountId: 'account-3', status: 'paid', createdAt: { $lt: '2024-01-02' } };
      const plan = store.explain('quotes', filter, { sort: [['createdAt', -1]], limit: 20 }).join('\n');
      expect(plan).toContain('USING INDEX quotes__by_account_status_created');
      expect(plan).not.toContain('TEMP B-TREE');
    });
  });

  describe('Given an index whose definition changes between releases', () => {
    it('When ensureIndexes runs with the new definition, then the index is rebuilt and used', async () => {
      const store = open();
      const quotes = store.collection('quotes');
      await quotes.ensureIndexes([{ name: 'by_status', fields: [['status', 1]] }]);
      await quotes.ensureIndexes([{ name: 'by_status', fields: [['status', 1], ['createdAt', -1]] }]);
      const plan = store.explain('quotes', { status: 'paid' }, { sort: [['createdAt', -1]] }).join('\n');
      expect(plan).toContain('USING INDEX quotes__by_status');
      expect(plan).not.toContain('TEMP B-TREE');
    });
  });

  describe('Given a store on a file with documents and a unique index', () => {
    it('When it is closed and reopened, then the documents and the index are still there', async () => {
      const file = tempDatabasePath();
      try {
        const first = new SqliteDocumentStore({ path: file.path, synchronous: 'FULL' });
        await first.collection('users').ensureIndexes([{ name: 'by_email', fields: [['email', 1]], unique: true }]);
        await first.collection('users').upsert({ _id: 'u1', email: 'a@example.com', profile: { city: 'Lyon' } });
        await first.close();

        const second = new SqliteDocumentStore({ path: file.path });
        const users = second.collection('users');
        expect(await users.find({ 'profile.city': 'Lyon' })).toEqual([
          { _id: 'u1', email: 'a@example.com', profile: { city: 'Lyon' } },
        ]);
        await expect(users.upsert({ _id: 'u2', email: 'a@example.com' })).rejects.toThrow(DuplicateKeyError);
        await second.close();
      } finally {
        file.remove();
      }
    });
  });
});
