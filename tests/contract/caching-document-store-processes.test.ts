import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentStore, StoredDocument } from '../../application/ports/document-store.js';
import { SqliteDocumentStore } from '../../infrastructure/document-store/sqlite-document-store.js';
import { CachingDocumentStore } from '../../infrastructure/reference-cache/caching-document-store.js';

/**
 * Two reference caches over one SQLite file, as a projector and an `api`
 * replica on the same DATA_DIR hold: the replica learns of the projector's
 * writes within the bound, and at once after `refresh()` (its read-your-writes
 * signal). The clock of the bound is the test's, so nothing here waits.
 */
describe('CachingDocumentStore across processes (one SQLite file, two connections)', () => {
  const CHECK_EVERY_MS = 1_000;
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  function twoProcesses() {
    const folder = mkdtempSync(join(tmpdir(), 'reference-cache-'));
    const clock = { now: 0 };
    const open = () => {
      const inner = new SqliteDocumentStore({ path: join(folder, 'read-models.db') });
      const cache = new CachingDocumentStore(inner, ['products', 'circuits'], undefined, undefined, { checkEveryMs: CHECK_EVERY_MS, now: () => clock.now });
      return { cache, inner };
    };
    const projector = open();
    const replica = open();
    cleanups.push(async () => {
      await projector.cache.close();
      await replica.cache.close();
      rmSync(folder, { recursive: true, force: true });
    });
    return { projector, replica, clock };
  }

  const product = (id: string, label: string): StoredDocument => ({ _id: id, accountId: 'account-1', label });

  it('Given a product the replica has cached, When the projector renames it, Then the replica answers from memory until the bound, and the new name once it has passed', async () => {
    const { projector, replica, clock } = twoProcesses();
    await projector.cache.writeBatch([{ kind: 'upsert', collection: 'products', document: product('p1', 'iPhone 15') }]);
    expect(await replica.cache.collection('products').get('p1')).toMatchObject({ label: 'iPhone 15' });
    await replica.cache.collection('products').get('p1');

    await projector.cache.writeBatch([
      { kind: 'upsert', collection: 'products', document: product('p1', 'iPhone 15 (renamed)') },
      { kind: 'upsert', collection: 'projection_checkpoints', document: { _id: 'catalog-products', position: 2 } },
    ]);

    clock.now += CHECK_EVERY_MS - 1;
    expect(await replica.cache.collection('products').get('p1')).toMatchObject({ label: 'iPhone 15' });
    clock.now += 1;
    expect(await replica.cache.collection('products').get('p1')).toMatchObject({ label: 'iPhone 15 (renamed)' });
  });

  it('Given cached finds and counts, When the projector writes and the replica refreshes (after its read-your-writes wait), Then every read answers the change at once', async () => {
    const { projector, replica } = twoProcesses();
    const products = replica.cache.collection('products');
    await projector.cache.writeBatch([{ kind: 'upsert', collection: 'products', document: product('p1', 'iPhone 15') }]);
    expect(await products.count({ accountId: 'account-1' })).toBe(1);
    expect((await products.find({ accountId: 'account-1' })).map((p) => p.label)).toEqual(['iPhone 15']);

    await projector.cache.writeBatch([{ kind: 'upsert', collection: 'products', document: product('p2', 'Pixel 8') }]);
    await replica.cache.refresh();

    expect(await products.count({ accountId: 'account-1' })).toBe(2);
    expect((await products.find({ accountId: 'account-1' }, { sort: [['_id', 1]] })).map((p) => p.label)).toEqual(['iPhone 15', 'Pixel 8']);
  });

  it('Given cached products, When another process writes a document alone, deletes one or replaces the collection (a rebuild), Then the replica sees each after a refresh', async () => {
    const { projector, replica } = twoProcesses();
    const products = replica.cache.collection('products');
    await projector.cache.collection('products').upsert(product('p1', 'iPhone 15'));
    expect(await products.get('p1')).toMatchObject({ label: 'iPhone 15' });

    await projector.cache.collection('products').upsert(product('p1', 'single write'));
    await replica.cache.refresh();
    expect(await products.get('p1')).toMatchObject({ label: 'single write' });

    await projector.cache.collection('products').delete('p1');
    await replica.cache.refresh();
    expect(await products.get('p1')).toBeNull();

    await projector.cache.collection('products__rebuild').upsert(product('p9', 'rebuilt'));
    await projector.cache.replaceCollection('products', 'products__rebuild');
    await replica.cache.refresh();
    expect((await products.find({})).map((p) => p.label)).toEqual(['rebuilt']);
  });

  it('Given the store failing while the marks are looked at, When it answers again, Then the failed read fails and the next ones look again and answer', async () => {
    const inner = new SqliteDocumentStore({ path: ':memory:' });
    const down = { now: false };
    // The marks' collection refuses to be read while `down`; everything else answers.
    const flaky = new Proxy(inner, {
      get(target, property) {
        if (property !== 'collection') return Reflect.get(target, property, target) as unknown;
        return (name: string) => {
          const collection = target.collection(name);
          if (name !== 'reference_changes') return collection;
          return new Proxy(collection, {
            get: (c, p) => (p === 'find' && down.now ? () => Promise.reject(new Error('store down')) : (Reflect.get(c, p, c) as unknown)),
          });
        };
      },
    }) as DocumentStore;
    const cache = new CachingDocumentStore(flaky, ['products'], undefined, undefined, { checkEveryMs: 0 });
    cleanups.push(() => cache.close());
    await inner.collection('products').upsert(product('p1', 'iPhone 15'));

    down.now = true;
    await expect(cache.collection('products').get('p1')).rejects.toThrow('store down');
    const [first, queued] = [cache.refresh(), cache.refresh()];
    await expect(first).rejects.toThrow('store down');
    await expect(queued).rejects.toThrow('store down');
    down.now = false;

    // A look under way and one queued after it: both answer (nothing of the failed ones is kept).
    await Promise.all([cache.refresh(), cache.refresh()]);
    expect(await cache.collection('products').get('p1')).toMatchObject({ label: 'iPhone 15' });
  });

  it('Given cached products, When another process writes only circuits, Then the replica keeps its products in memory (each collection has its own mark)', async () => {
    const { projector, replica, clock } = twoProcesses();
    await projector.cache.writeBatch([{ kind: 'upsert', collection: 'products', document: product('p1', 'iPhone 15') }]);
    expect(await replica.cache.collection('products').get('p1')).toMatchObject({ label: 'iPhone 15' });
    // Changed behind every cache (no mark): only a forgotten cache would show it.
    await replica.inner.collection('products').upsert(product('p1', 'behind the caches'));

    await projector.cache.writeBatch([{ kind: 'upsert', collection: 'circuits', document: { _id: 'c1', accountId: 'account-1' } }]);
    clock.now += CHECK_EVERY_MS;
    await replica.cache.refresh();

    expect(await replica.cache.collection('circuits').get('c1')).toMatchObject({ _id: 'c1' });
    expect(await replica.cache.collection('products').get('p1')).toMatchObject({ label: 'iPhone 15' });
  });
});
