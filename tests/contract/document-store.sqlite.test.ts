import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { IndexSpec, SortSpec, StoredDocument, WriteOperation } from '../../application/ports/document-store.js';
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

  describe('Given documents whose flag is a boolean, and an index led by the account and the flag', () => {
    const index: IndexSpec = { name: 'by_account_flag', fields: [['accountId', 1], ['flag', 1], ['at', -1]] };
    const documents: StoredDocument[] = Array.from({ length: 300 }, (_, i) => ({ _id: `d-${i}`, accountId: `a-${i % 3}`, flag: i % 4 === 0, at: `2026-01-${String(1 + (i % 28)).padStart(2, '0')}` }));
    const seeded = async (): Promise<SqliteDocumentStore> => {
      const store = open();
      await store.collection('flags').ensureIndexes([index]);
      await store.writeBatch(documents.map((document) => ({ kind: 'upsert', collection: 'flags', document })));
      return store;
    };

    it('When counting the flag true or false, then the index alone answers (no json_type to read from the document)', async () => {
      const store = await seeded();
      for (const flag of [true, false]) {
        expect(store.explain('flags', { accountId: 'a-1', flag }, { count: true }).join('\n')).toContain('USING COVERING INDEX flags__by_account_flag');
        expect(await store.collection('flags').count({ accountId: 'a-1', flag })).toBe(documents.filter((d) => d.accountId === 'a-1' && d.flag === flag).length);
      }
      expect(await store.collection('flags').count({ accountId: 'a-1', flag: { $ne: true } })).toBe(documents.filter((d) => d.accountId === 'a-1' && d.flag !== true).length);
    });

    it('When a document then holds the number 1 there, then true no longer matches it: the type is checked again', async () => {
      const store = await seeded();
      await store.collection('flags').upsert({ _id: 'number', accountId: 'a-1', flag: 1, at: '2026-02-01' });
      const trueOnes = documents.filter((d) => d.accountId === 'a-1' && d.flag === true).length;
      expect(await store.collection('flags').count({ accountId: 'a-1', flag: true })).toBe(trueOnes);
      expect(await store.collection('flags').count({ accountId: 'a-1', flag: 1 })).toBe(1);
      expect((await store.collection('flags').find({ accountId: 'a-1', flag: true })).every((d) => d.flag === true)).toBe(true);
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

  describe('Given two indexes that could serve a page, and a caller that knows which one finds it fastest', () => {
    it('When the find names one (hint), then SQLite reads by that index and the page is the same', async () => {
      const store = open();
      const quotes = store.collection('quotes');
      await quotes.ensureIndexes([
        { name: 'by_account_created', fields: [['accountId', 1], ['createdAt', -1], ['_id', -1], ['status', 1]] },
        { name: 'by_account_status', fields: [['accountId', 1], ['status', 1], ['_id', -1]] },
      ]);
      await store.writeBatch(
        Array.from({ length: 400 }, (_, i) => ({
          kind: 'upsert' as const,
          collection: 'quotes',
          document: { _id: `q${String(i).padStart(3, '0')}`, accountId: 'a', status: i % 100 === 0 ? 'rare' : 'common', createdAt: `2024-01-${String(1 + (i % 28)).padStart(2, '0')}` },
        })),
      );
      const filter = { accountId: 'a', status: 'rare' };
      const sort: SortSpec = [['createdAt', -1]];
      for (const hint of ['by_account_created', 'by_account_status']) {
        expect(store.explain('quotes', filter, { sort, limit: 3, hint }).join('\n')).toContain(`USING INDEX quotes__${hint}`);
      }
      const pages = await Promise.all(['by_account_created', 'by_account_status', undefined].map((hint) => quotes.find(filter, { sort, limit: 3, ...(hint ? { hint } : {}) })));
      expect(pages[0]!.map((q) => q._id)).toEqual(['q300', 'q100', 'q200']);
      expect(pages[1]).toEqual(pages[0]);
      expect(pages[2]).toEqual(pages[0]);
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

  describe('Given a collection written before path kinds were recorded (an earlier version)', () => {
    it('When a store opens it, then the kinds of the stored documents are recorded first and arrays match element-wise', async () => {
      const file = tempDatabasePath();
      try {
        const earlier = new Database(file.path);
        earlier.exec('CREATE TABLE "tagged" (id TEXT PRIMARY KEY, doc TEXT NOT NULL)');
        const insert = earlier.prepare('INSERT INTO "tagged" (id, doc) VALUES (?, ?)');
        insert.run('a', JSON.stringify({ _id: 'a', tags: ['x', 'y'], on: true }));
        insert.run('b', JSON.stringify({ _id: 'b', tags: 'y', on: 1 }));
        earlier.close();

        const store = new SqliteDocumentStore({ path: file.path });
        const tagged = store.collection('tagged');
        expect((await tagged.find({ tags: 'x' })).map((d) => d._id)).toEqual(['a']);
        expect(await tagged.count({ tags: { $ne: 'x' } })).toBe(1);
        expect((await tagged.find({}, { sort: [['on', -1]] })).map((d) => d._id)).toEqual(['a', 'b']);
        await store.close();
      } finally {
        file.remove();
      }
    });
  });

  describe('Given two stores on one file', () => {
    it('When one writes an array where the other saw only scalars, then the other answers element-wise at once', async () => {
      const file = tempDatabasePath();
      try {
        const first = new SqliteDocumentStore({ path: file.path });
        const second = new SqliteDocumentStore({ path: file.path });
        await first.collection('shared').upsert({ _id: 'a', tags: 'x' });
        expect(await second.collection('shared').count({ tags: 'x' })).toBe(1);
        await first.collection('shared').upsert({ _id: 'b', tags: ['x'] });
        expect((await second.collection('shared').find({ tags: 'x' })).map((d) => d._id)).toEqual(['a', 'b']);
        expect(await second.collection('shared').replaceWhere({ _id: 'b', tags: ['y'] }, { tags: 'x' })).toBe(true);
        expect(await first.collection('shared').count({ tags: { $ne: 'x' } })).toBe(1);
        await first.close();
        await second.close();
      } finally {
        file.remove();
      }
    });
  });

  describe('Given a path that held an array, next to the indexed list fields', () => {
    it('When filtering on both, then the scalar conditions still seek the index and the array is matched on the documents read', async () => {
      const store = open();
      const quotes = store.collection('quotes');
      await quotes.ensureIndexes([{ name: 'by_account_created', fields: [['accountId', 1], ['createdAt', -1]] }]);
      await quotes.upsert({ _id: 'q1', accountId: 'a', createdAt: '2026-01-01', tags: ['x'] });
      await quotes.upsert({ _id: 'q2', accountId: 'a', createdAt: '2026-01-02', tags: 'y' });
      await quotes.upsert({ _id: 'q3', accountId: 'b', createdAt: '2026-01-03', tags: ['x'] });
      const filter = { accountId: 'a', tags: 'x' };
      const plan = store.explain('quotes', filter, { sort: [['createdAt', -1]] }).join('\n');
      expect(plan).toContain('USING INDEX quotes__by_account_created');
      expect((await quotes.find(filter, { sort: [['createdAt', -1]] })).map((d) => d._id)).toEqual(['q1']);
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
