import { afterEach, describe, expect, it } from 'vitest';
import type { StoredDocument } from '../../application/ports/document-store.js';
import { SqliteDocumentStore } from '../../infrastructure/document-store/sqlite-document-store.js';
import { CachingDocumentStore } from '../../infrastructure/reference-cache/caching-document-store.js';
import { documentStoreContract } from './document-store.contract.js';

// Caching every collection, the decorator must still honour the whole document store contract.
documentStoreContract('CachingDocumentStore over SqliteDocumentStore (every collection cached)', async () => {
  const inner = new SqliteDocumentStore({ path: ':memory:' });
  const store = new CachingDocumentStore(inner, () => true);
  return { store, cleanup: () => store.close() };
});

describe('CachingDocumentStore: a cached read is never served after a write', () => {
  const opened: CachingDocumentStore[] = [];

  /** The cache over an in-memory SQLite store, and that store itself (to change it behind the cache's back). */
  function open(cached: readonly string[] = ['products']): { cache: CachingDocumentStore; inner: SqliteDocumentStore } {
    const inner = new SqliteDocumentStore({ path: ':memory:' });
    const cache = new CachingDocumentStore(inner, cached);
    opened.push(cache);
    return { cache, inner };
  }

  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
  });

  const product = (id: string, label: string, extra: Record<string, unknown> = {}): StoredDocument => ({
    _id: id,
    accountId: 'account-1',
    label,
    ...extra,
  });

  it('Given a read, When the store changes behind the cache (no write through it), Then the cached answer is served: reads are cached', async () => {
    const { cache, inner } = open();
    await cache.collection('products').upsert(product('p1', 'iPhone 15'));
    await cache.collection('products').get('p1');

    await inner.collection('products').upsert(product('p1', 'changed behind the cache'));

    expect(await cache.collection('products').get('p1')).toMatchObject({ label: 'iPhone 15' });
    expect(await inner.collection('products').get('p1')).toMatchObject({ label: 'changed behind the cache' });
  });

  it('Given cached reads, When a writeBatch changes the collection (as the projection runner does), Then get, find and count see the change', async () => {
    const { cache } = open();
    const products = cache.collection('products');
    await products.upsert(product('p1', 'iPhone 15'));
    expect(await products.get('p1')).toMatchObject({ label: 'iPhone 15' });
    expect((await products.find({ accountId: 'account-1' })).map((p) => p.label)).toEqual(['iPhone 15']);
    expect(await products.count({ accountId: 'account-1' })).toBe(1);

    await cache.writeBatch([
      { kind: 'upsert', collection: 'products', document: product('p1', 'Iphone 15 (renamed)') },
      { kind: 'upsert', collection: 'products', document: product('p2', 'Pixel 8') },
      { kind: 'upsert', collection: 'projection_checkpoints', document: { _id: 'products', position: 2 } },
    ]);

    expect(await products.get('p1')).toMatchObject({ label: 'Iphone 15 (renamed)' });
    expect((await products.find({ accountId: 'account-1' }, { sort: [['label', 1]] })).map((p) => p.label)).toEqual([
      'Iphone 15 (renamed)',
      'Pixel 8',
    ]);
    expect(await products.count({ accountId: 'account-1' })).toBe(2);
  });

  it('Given a cached miss (no such document), When the document is written, Then it is found', async () => {
    const { cache } = open();
    const products = cache.collection('products');
    expect(await products.get('p1')).toBeNull();
    expect(await products.find({ label: 'Pixel 8' })).toEqual([]);

    await cache.writeBatch([{ kind: 'upsert', collection: 'products', document: product('p1', 'Pixel 8') }]);

    expect(await products.get('p1')).toMatchObject({ label: 'Pixel 8' });
    expect(await products.find({ label: 'Pixel 8' })).toHaveLength(1);
  });

  it('Given cached reads, When a document is deleted, the collection cleared or dropped, Then the reads follow', async () => {
    const { cache } = open();
    const products = cache.collection('products');
    await products.upsert(product('p1', 'iPhone 15'));
    await products.upsert(product('p2', 'Pixel 8'));
    await products.get('p1');

    await products.delete('p1');
    expect(await products.get('p1')).toBeNull();
    expect(await products.count({})).toBe(1);

    await products.clear();
    expect(await products.find({})).toEqual([]);

    await products.upsert(product('p3', 'Galaxy S24'));
    expect(await products.count({})).toBe(1);
    await cache.dropCollection('products');
    expect(await products.get('p3')).toBeNull();
    expect(await products.count({})).toBe(0);
  });

  it('Given a read made while a write to its collection is under way, When the write ends, Then that read was not kept', async () => {
    const { cache, inner } = open();
    const products = cache.collection('products');
    await products.upsert(product('p1', 'before'));

    const write = cache.writeBatch([{ kind: 'upsert', collection: 'products', document: product('p1', 'during') }]);
    const readDuringWrite = products.get('p1');
    await Promise.all([write, readDuringWrite]);
    await inner.collection('products').upsert(product('p1', 'after, behind the cache'));

    expect(await products.get('p1')).toMatchObject({ label: 'after, behind the cache' });
  });

  it('Given a write to another collection, When a cached collection is read, Then its cache is kept', async () => {
    const { cache, inner } = open(['products', 'circuits']);
    await cache.collection('products').upsert(product('p1', 'iPhone 15'));
    await cache.collection('products').get('p1');
    await inner.collection('products').upsert(product('p1', 'changed behind the cache'));

    await cache.writeBatch([{ kind: 'upsert', collection: 'circuits', document: { _id: 'c1' } }]);
    await cache.collection('buybacks').upsert({ _id: 'b1' });

    expect(await cache.collection('products').get('p1')).toMatchObject({ label: 'iPhone 15' });
  });

  it('Given a collection that is not cached, When it changes behind the cache, Then reads see it at once', async () => {
    const { cache, inner } = open(['products']);
    await cache.collection('buybacks').upsert({ _id: 'b1', status: 'registered' });
    await cache.collection('buybacks').get('b1');

    await inner.collection('buybacks').upsert({ _id: 'b1', status: 'shipped' });

    expect(await cache.collection('buybacks').get('b1')).toMatchObject({ status: 'shipped' });
  });

  it('Given cached documents, When a reader tries to modify one or reorders a result, Then the document refuses and the next reader gets the original order', async () => {
    const { cache } = open();
    const products = cache.collection('products');
    await products.upsert(product('p1', 'b', { prices: { grade_a: 100 } }));
    await products.upsert(product('p2', 'a', { prices: { grade_a: 200 } }));

    const found = await products.find({}, { sort: [['label', -1]] });
    found.reverse();
    const document = (await products.get('p1')) as StoredDocument & { prices: { grade_a: number } };

    expect(() => {
      document.prices.grade_a = 1;
    }).toThrow(TypeError);
    expect((await products.find({}, { sort: [['label', -1]] })).map((p) => p._id)).toEqual(['p1', 'p2']);
    expect((await products.get('p1')) as unknown).toMatchObject({ prices: { grade_a: 100 } });
  });
});
