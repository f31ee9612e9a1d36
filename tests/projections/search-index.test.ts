/**
 * The search index is a projection: a catalogue change (a product created,
 * renamed, repriced, published or unpublished, a category moved) is
 * searchable within a second; a rebuild of the search projection reloads it
 * from nothing; a new process loads it from the projection's documents.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventStore, NewEvent } from '../../application/ports/event-store.js';
import type { PersonalDataVault } from '../../application/ports/personal-data.js';
import { ProjectionRunner } from '../../application/projections/projection-runner.js';
import { storedTypeOf } from '../../application/events/codec.js';
import { SqliteDocumentStore } from '../../infrastructure/document-store/sqlite-document-store.js';
import { SqliteEventStore } from '../../infrastructure/event-store/sqlite-event-store.js';
import { EmbeddedProductSearch } from '../../infrastructure/search/embedded-product-search.js';
import { FollowedProductSearch } from '../../infrastructure/search/search-follower.js';
import { searchProjection } from '../../projections/catalog/search-projection.js';

const SILENT = { info: () => undefined, error: () => undefined };
const ACCOUNT = 'account-search';
/** Never asked: the search projection reads no personal data. */
const NO_VAULT = {} as PersonalDataVault;

let eventStore: EventStore;
let documents: SqliteDocumentStore;
let runner: ProjectionRunner;
let index: FollowedProductSearch;

function event(type: string, data: Record<string, unknown>): NewEvent {
  return {
    id: randomUUID(),
    type: storedTypeOf(type),
    data,
    metadata: { accountId: ACCOUNT, organizationId: null, userId: 'user-1', correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
  };
}

async function append(stream: string, ...events: NewEvent[]): Promise<void> {
  const current = await eventStore.readStream(stream);
  await eventStore.appendToStream(stream, events, current.length === 0 ? 'no_stream' : current.length - 1);
}

function category(id: string, parentId: string | null, label: string): Promise<void> {
  return append(`category-${id}`, event('CategoryCreated', { categoryId: id, parentId, label, identifier: id, description: null, buyerId: 'b', referentWarehouseIds: [], circuitIds: [], absorption: { type: 'none' }, defaultWeightGrams: null }));
}

function product(id: string, label: string, brand: string, model: string, categoryId: string, status: 'draft' | 'published' = 'published'): Promise<void> {
  return append(
    `product-${id}`,
    event('ProductCreated', {
      productId: id, label, brand, model, ean: null, tacCodes: [], categoryId, status, simple: false, currency: 'EUR',
      prices: { functional: null, grade_a: 10_000, grade_b: null, grade_c: null, grade_d: null, grade_e: null },
      buybackZeroNotAllowed: false, isCollectingImei: false, imageUrl: null, weightGrams: null,
    }),
  );
}

/** Found within a second of the event, through the index's own following (no waiting on the runner here). */
async function foundWithinASecond(text: string, extra: { categoryId?: string; status?: 'draft' | 'published' } = {}): Promise<string[]> {
  const deadline = Date.now() + 1_000;
  let ids: string[] = [];
  while (Date.now() < deadline) {
    ids = (await index.search({ accountId: ACCOUNT, text, limit: 10, ...extra })).map((hit) => hit.productId);
    if (ids.length > 0) return ids;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return ids;
}

beforeEach(async () => {
  eventStore = new SqliteEventStore({ path: ':memory:', pollIntervalMs: 10 });
  documents = new SqliteDocumentStore({ path: ':memory:' });
  runner = new ProjectionRunner(eventStore, documents, NO_VAULT, [searchProjection], SILENT);
  await category('electronics', null, 'Électronique');
  await category('phones', 'electronics', 'Smartphones');
  await category('tablets', 'electronics', 'Tablettes');
  await product('iphone-13', 'Apple iPhone 13 128 Go', 'Apple', 'iPhone 13', 'phones');
  await runner.start();
  await runner.waitFor(await eventStore.lastGlobalPosition(), 5_000);
  index = new FollowedProductSearch(new EmbeddedProductSearch(), documents, SILENT, { intervalMs: 50 });
  index.start();
});

afterEach(async () => {
  await index.stop();
  await runner.stop();
  await eventStore.close();
  await documents.close();
});

describe('the search index follows the catalogue', () => {
  it('loads the products already projected at start, under their category and its ancestors', async () => {
    expect(await foundWithinASecond('iphnoe 13')).toEqual(['iphone-13']);
    expect(await foundWithinASecond('iphone', { categoryId: 'electronics' })).toEqual(['iphone-13']);
    expect(await index.search({ accountId: ACCOUNT, text: 'iphone', limit: 10, categoryId: 'tablets' })).toEqual([]);
    // Its categories' words find it too.
    expect(await foundWithinASecond('smartphone apple')).toEqual(['iphone-13']);
  });

  it('finds a product created, renamed, unpublished and published again within a second', async () => {
    await product('galaxy-s23', 'Samsung Galaxy S23 128 Go', 'Samsung', 'Galaxy S23', 'phones');
    expect(await foundWithinASecond('galxy s23')).toEqual(['galaxy-s23']);

    await append('product-galaxy-s23', event('ProductChanged', { productId: 'galaxy-s23', changes: { label: 'Samsung Galaxy S23 Enterprise 128 Go' } }));
    expect(await foundWithinASecond('enterprise')).toEqual(['galaxy-s23']);

    await append('product-galaxy-s23', event('ProductUnpublished', { productId: 'galaxy-s23' }));
    expect(await foundWithinASecond('enterprise', { status: 'draft' })).toEqual(['galaxy-s23']);
    expect(await index.search({ accountId: ACCOUNT, text: 'enterprise', limit: 10, status: 'published' })).toEqual([]);

    await append('product-galaxy-s23', event('ProductPublished', { productId: 'galaxy-s23' }));
    expect(await foundWithinASecond('enterprise', { status: 'published' })).toEqual(['galaxy-s23']);
  });

  it('moves a category’s products with it, and finds a product moved to another category under its new one', async () => {
    await category('apple', 'phones', 'Apple iPhone');
    await append('product-iphone-13', event('ProductChanged', { productId: 'iphone-13', changes: { categoryId: 'apple' } }));
    expect(await foundWithinASecond('iphone', { categoryId: 'apple' })).toEqual(['iphone-13']);

    // The Apple category moves from the phones to the tablets: its product is under the tablets now.
    await append('category-apple', event('CategoryChanged', { categoryId: 'apple', changes: { parentId: 'tablets' } }));
    expect(await foundWithinASecond('iphone', { categoryId: 'tablets' })).toEqual(['iphone-13']);
    expect(await index.search({ accountId: ACCOUNT, text: 'iphone', limit: 10, categoryId: 'phones' })).toEqual([]);
  });

  it('is rebuilt from nothing when the projection is rebuilt, and loaded by a new process from the projection’s documents', async () => {
    await foundWithinASecond('iphone');
    // Something lost in the engine: the rebuild of the projection brings it back.
    await index.engine.clear();
    expect(await index.engine.search({ accountId: ACCOUNT, text: 'iphone', limit: 10 })).toEqual([]);
    const rebuilds: Array<{ projection: string; status: string; finishedAt: string | null }> = [];
    index.watchRebuilds(() => rebuilds);
    await runner.rebuild('catalog-search');
    rebuilds.push({ projection: 'catalog-search', status: 'finished', finishedAt: new Date().toISOString() });
    expect(await foundWithinASecond('iphone')).toEqual(['iphone-13']);

    const restarted = new FollowedProductSearch(new EmbeddedProductSearch(), documents, SILENT);
    await restarted.ready();
    expect((await restarted.engine.search({ accountId: ACCOUNT, text: 'iphone 13', limit: 10 })).map((hit) => hit.productId)).toEqual(['iphone-13']);
  });
});
