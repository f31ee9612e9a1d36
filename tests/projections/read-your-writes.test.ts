import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentStore, StoredDocument, SubmittedBatch, WriteOperation } from '../../application/ports/document-store.js';
import type { NewEvent } from '../../application/ports/event-store.js';
import type { PersonalDataVault } from '../../application/ports/personal-data.js';
import type { Projection } from '../../application/ports/projection.js';
import { ProjectionRunner } from '../../application/projections/projection-runner.js';
import { SqliteDocumentStore } from '../../infrastructure/document-store/sqlite-document-store.js';
import { SqliteEventStore } from '../../infrastructure/event-store/sqlite-event-store.js';
import { CachingDocumentStore } from '../../infrastructure/reference-cache/caching-document-store.js';

/**
 * Read your own writes without waiting for the read model's commit: the
 * projection runner releases the commands waiting for a batch as soon as the
 * store has ordered every later read of the batch's collections after it
 * (DocumentStore.submitBatch). A read made right then waits for the commit and
 * sees the batch; a batch that fails puts the runner back where the store is.
 */

const SILENT = { info: () => undefined, error: () => undefined };
const NO_PERSONAL_DATA = {} as PersonalDataVault;

/** Counts the events of each stream: one document per stream. */
const counter: Projection<StoredDocument & { count: number }> = {
  name: 'counter',
  collection: 'counters',
  indexes: [],
  eventTypes: ['Counted'],
  targets: (event) => [event.streamName],
  evolve: (document, _event, id) => ({ _id: id, count: (document?.count ?? 0) + 1 }),
};

function counted(id: string): NewEvent {
  return {
    id,
    type: 'Counted.v1',
    data: {},
    metadata: { accountId: 'a', organizationId: null, userId: null, correlationId: id, causationId: null, occurredAt: '2026-11-21T10:00:00.000Z' },
  };
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function fileStores(): { events: SqliteEventStore; documents: SqliteDocumentStore } {
  const directory = mkdtempSync(join(tmpdir(), 'read-your-writes-'));
  // Files, so that document writes go to the write worker and commit after submitBatch returns.
  const events = new SqliteEventStore({ path: join(directory, 'events.db'), synchronous: 'NORMAL' });
  const documents = new SqliteDocumentStore({ path: join(directory, 'read-models.db') });
  cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
  cleanups.push(() => documents.close());
  cleanups.push(() => events.close());
  return { events, documents };
}

describe('SqliteDocumentStore.submitBatch', () => {
  it('Given a batch submitted to the write worker, When the collection is read before the commit, Then the read waits and sees the batch', async () => {
    const { documents } = fileStores();
    const counters = documents.collection('counters');
    await counters.upsert({ _id: 'warm-up' });
    const batch = documents.submitBatch([
      { kind: 'upsert', collection: 'counters', document: { _id: 'x', count: 1 } },
      { kind: 'upsert', collection: 'counters', document: { _id: 'y', count: 2 } },
    ]);
    let committed = false;
    void batch.committed.then(() => (committed = true));
    // Issued before the commit could have happened (the worker answers on a later turn of the event loop).
    const [x, all, count] = await Promise.all([counters.get('x'), counters.find({}, { sort: [['_id', 1]] }), counters.count({})]);
    expect(committed).toBe(true);
    expect(x).toEqual({ _id: 'x', count: 1 });
    expect(all.map((document) => document._id)).toEqual(['warm-up', 'x', 'y']);
    expect(count).toBe(3);
  });

  it('Given a batch that fails, When it is read, Then nothing of it is there and committed rejects', async () => {
    const { documents } = fileStores();
    const users = documents.collection('users');
    await users.ensureIndexes([{ name: 'by_email', fields: [['email', 1]], unique: true }]);
    const batch = documents.submitBatch([
      { kind: 'upsert', collection: 'users', document: { _id: 'u1', email: 'a@example.com' } },
      { kind: 'upsert', collection: 'users', document: { _id: 'u2', email: 'a@example.com' } },
    ]);
    const read = users.find({});
    await expect(batch.committed).rejects.toThrow();
    expect(await read).toEqual([]);
  });

  it('Given invalid operations, Then submitBatch throws before sending anything', async () => {
    const { documents } = fileStores();
    expect(() => documents.submitBatch([{ kind: 'upsert', collection: 'bad name!', document: { _id: 'x' } }])).toThrow();
    expect(await documents.collection('counters').count({})).toBe(0);
  });

  it('Given a caching decorator, When a cached collection is read while a submitted batch commits, Then the fresh document is served and not cached stale', async () => {
    const { documents } = fileStores();
    const cached = new CachingDocumentStore(documents, ['counters']);
    const counters = cached.collection('counters');
    await counters.upsert({ _id: 'x', count: 1 });
    expect(await counters.get('x')).toEqual({ _id: 'x', count: 1 });
    const batch = cached.submitBatch?.([{ kind: 'upsert', collection: 'counters', document: { _id: 'x', count: 2 } }]);
    expect(batch).toBeDefined();
    expect(await counters.get('x')).toEqual({ _id: 'x', count: 2 });
    await batch?.committed;
    expect(await counters.get('x')).toEqual({ _id: 'x', count: 2 });
  });
});

describe('ProjectionRunner with a store that orders reads after submitted writes', () => {
  it('Given events appended, When the runner applies them, Then waitFor resolves and a read right after sees the documents', async () => {
    const { events, documents } = fileStores();
    const runner = new ProjectionRunner(events, documents, NO_PERSONAL_DATA, [counter], SILENT);
    await runner.start();
    cleanups.push(() => runner.stop());
    let position = 0;
    for (let i = 0; i < 20; i++) {
      const result = await events.appendToStream(`counted-${i % 3}`, [counted(`e${i}`)], 'any');
      position = result.lastGlobalPosition;
      expect(await runner.waitFor(position, 5_000)).toBe(true);
      // Right after the release, before this batch's commit may have happened.
      const document = await documents.collection<StoredDocument & { count: number }>('counters').get(`counted-${i % 3}`);
      expect(document?.count).toBe(Math.floor(i / 3) + 1);
    }
  });

  it('Given a batch whose commit fails once, Then the runner goes back to the stored checkpoint and applies the batch again, once', async () => {
    const { events, documents } = fileStores();
    const failing = failingOnce(documents);
    const errors: unknown[] = [];
    const runner = new ProjectionRunner(events, failing, NO_PERSONAL_DATA, [counter], { info: () => undefined, error: (object) => errors.push(object) });
    await runner.start();
    cleanups.push(() => runner.stop());
    const { lastGlobalPosition } = await events.appendToStream('counted-a', [counted('e1'), counted('e2')], 'no_stream');
    // The first release happens before the failure is known; the retry releases it again.
    await runner.waitFor(lastGlobalPosition, 5_000);
    await failing.failed;
    await expect.poll(async () => (await runner.status())[0]?.position, { timeout: 5_000 }).toBe(lastGlobalPosition);
    await expect.poll(async () => (await documents.collection<StoredDocument & { count: number }>('counters').get('counted-a'))?.count, { timeout: 5_000 }).toBe(2);
    expect(errors).toHaveLength(1);
    expect(await documents.collection('projection_checkpoints').get('counter')).toEqual({ _id: 'counter', position: lastGlobalPosition });
  });
});

/** The store, except that the first batch submitted fails at commit, with nothing written. */
function failingOnce(store: SqliteDocumentStore): DocumentStore & { failed: Promise<void> } {
  let fail = true;
  let markFailed: () => void = () => undefined;
  const failed = new Promise<void>((resolve) => (markFailed = resolve));
  return {
    failed,
    collection: (name) => store.collection(name),
    writeBatch: (operations) => store.writeBatch(operations),
    submitBatch(operations: WriteOperation[]): SubmittedBatch {
      if (!fail) return store.submitBatch(operations);
      fail = false;
      markFailed();
      return { committed: Promise.reject(new Error('disk full')) };
    },
    dropCollection: (name) => store.dropCollection(name),
    replaceCollection: (target, source) => store.replaceCollection(target, source),
    close: () => store.close(),
  };
}
