import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteDocumentStore } from '../../infrastructure/document-store/sqlite-document-store.js';
import { SqliteEventStore } from '../../infrastructure/event-store/sqlite-event-store.js';
import { newEvent, newStreamName } from './event-store-fixtures.js';

/** The page cache a bulk load asks of the SQLite stores (cacheSizeMb): set on their connections, refused when not a whole number of MiB. */
describe('SQLite stores: the page cache of a bulk load', () => {
  let directory: string;

  beforeEach(() => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-cache-'));
  });

  afterEach(() => {
    fs.rmSync(directory, { recursive: true, force: true });
  });

  it('the event store sets it on its connection, and its commit worker commits with it', async () => {
    const store = new SqliteEventStore({ path: path.join(directory, 'events.db'), commitThread: 'worker', inlineCommitBudgetMs: 0, cacheSizeMb: 64 });
    const plain = new SqliteEventStore({ path: path.join(directory, 'plain.db') });
    try {
      expect(store.database.pragma('cache_size', { simple: true })).toBe(-64 * 1024);
      expect(plain.database.pragma('cache_size', { simple: true })).not.toBe(-64 * 1024);
      const streams = [newStreamName(), newStreamName()];
      for (let i = 0; i < 3; i++) await store.appendToStreams(streams.map((streamName) => ({ streamName, events: [newEvent()], expectedRevision: i === 0 ? 'no_stream' : i - 1 })));
      expect((await store.readStream(streams[1] as string)).map((event) => event.streamRevision)).toEqual([0, 1, 2]);
      expect(store.groupCommitStats.commits).toBe(3);
    } finally {
      await store.close();
      await plain.close();
    }
  });

  it('the document store writes in its worker and builds indexes with it', async () => {
    const documents = new SqliteDocumentStore({ path: path.join(directory, 'read-models.db'), cacheSizeMb: 64 });
    try {
      const items = documents.collection<{ _id: string; rank: number }>('items');
      await documents.writeBatch(Array.from({ length: 50 }, (_, i) => ({ kind: 'upsert' as const, collection: 'items', document: { _id: `i${i}`, rank: 49 - i } })));
      await items.ensureIndexes([{ name: 'by_rank', fields: [['rank', 1]] }]);
      expect((await items.find({}, { sort: [['rank', 1]], limit: 2 })).map((item) => item._id)).toEqual(['i49', 'i48']);
      expect(documents.explain('items', {}, { sort: [['rank', 1]] }).join(' ')).toContain('by_rank');
    } finally {
      await documents.close();
    }
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses a cache of %s MiB', (cacheSizeMb) => {
    expect(() => new SqliteDocumentStore({ path: ':memory:', cacheSizeMb })).toThrow(/Invalid cache size/);
    expect(() => new SqliteEventStore({ path: ':memory:', cacheSizeMb })).toThrow(/Invalid cache size/);
  });
});
