import { afterEach, describe, expect, it } from 'vitest';
import type { StoredDocument } from '../../application/ports/document-store.js';
import { SqliteDocumentStore } from '../../infrastructure/document-store/sqlite-document-store.js';
import { CachingDocumentStore } from '../../infrastructure/reference-cache/caching-document-store.js';

/**
 * The reference cache is bounded by the documents its answers hold, not only
 * by their number: 2,000 unpaged lists of 1,001 users once held 1.5 GB.
 * Whether an answer is remembered shows by changing the store behind the
 * cache's back: a remembered answer is served as it was, a forgotten one
 * read again.
 */
describe('CachingDocumentStore: bounded by the documents it holds', () => {
  const opened: CachingDocumentStore[] = [];
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
  });

  /** A cache of at most 100 documents per collection (an answer of more than 10 is not kept) over 50 users. */
  async function open(): Promise<{ cache: CachingDocumentStore; inner: SqliteDocumentStore }> {
    const inner = new SqliteDocumentStore({ path: ':memory:' });
    const cache = new CachingDocumentStore(inner, ['users'], 2_000, 100);
    opened.push(cache);
    await inner.collection('users').ensureIndexes([{ name: 'by_n', fields: [['n', 1]] }]);
    await inner.writeBatch(Array.from({ length: 50 }, (_, n) => ({ kind: 'upsert' as const, collection: 'users', document: user(n, 'before') })));
    return { cache, inner };
  }
  const user = (n: number, label: string): StoredDocument => ({ _id: `u${String(n).padStart(2, '0')}`, n, label });
  const changeBehind = (inner: SqliteDocumentStore) =>
    inner.writeBatch(Array.from({ length: 50 }, (_, n) => ({ kind: 'upsert' as const, collection: 'users', document: user(n, 'after') })));

  it('Given a list read of more rows than a tenth of the bound, When read again after a change behind the cache, Then it is read again: it was not kept', async () => {
    const { cache, inner } = await open();
    const users = cache.collection('users');
    expect(await users.find({}, { sort: [['n', 1]], limit: 11 })).toHaveLength(11);
    expect(await users.find({}, { sort: [['n', 1]], limit: 10 })).toHaveLength(10);
    await changeBehind(inner);
    expect((await users.find({}, { sort: [['n', 1]], limit: 11 })).map((u) => u.label)).toEqual(Array(11).fill('after'));
    // A list of 10 rows is within the bound: remembered, served as read.
    expect((await users.find({}, { sort: [['n', 1]], limit: 10 })).map((u) => u.label)).toEqual(Array(10).fill('before'));
  });

  it('Given pages read until they hold more documents than the bound, Then the oldest are forgotten and the newest kept', async () => {
    const { cache, inner } = await open();
    const users = cache.collection('users');
    // 12 distinct reads of 10 rows: 120 documents, 20 more than the bound.
    const page = (p: number) => users.find({ n: { $gte: p } }, { sort: [['n', 1]], limit: 10 });
    for (let p = 0; p < 12; p++) await page(p);
    await changeBehind(inner);
    // The last ten read are still served from memory; the first two were forgotten to make room.
    for (const p of [11, 7, 2]) expect((await page(p)).map((u) => u.label)).toEqual(Array(10).fill('before'));
    for (const p of [0, 1]) expect((await page(p)).map((u) => u.label)).toEqual(Array(10).fill('after'));
  });
});
