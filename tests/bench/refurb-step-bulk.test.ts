import 'reflect-metadata';
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoredDocument } from '../../application/ports/document-store.js';
import { SqliteDocumentStore } from '../../infrastructure/document-store/sqlite-document-store.js';
import { SqliteEventStore } from '../../infrastructure/event-store/sqlite-event-store.js';
import { withFixture } from '../../bench/bulk-sqlite.js';
import { checkpointsPast, closePlatform, openPlatform } from '../../bench/platform.js';
import { loadWorkshop } from '../../bench/refurb-step-bulk.js';
import { WORKSHOP_END_MS, WORKSHOP_PROJECTIONS, WORKSHOP_SEED, workshopFactory } from '../../bench/refurb-step-data.js';
import { seededRandom } from '../../bench/support.js';

/** Enough items for every shape: 3 to 7 steps, in progress and done, each step status and each sequence of actions. */
const ITEMS = 60;
const folders: string[] = [];

function folder(): string {
  const path = mkdtempSync(join(tmpdir(), 'tradein-bulk-'));
  folders.push(path);
  return path;
}

afterEach(() => {
  for (const path of folders.splice(0)) rmSync(path, { recursive: true, force: true });
});

/** The platform's files in a new folder: its schema and its demo data. */
async function platformFolder(): Promise<string> {
  const dir = folder();
  await closePlatform(await openPlatform(dir));
  return dir;
}

/** The reference path: the events appended through the event store, the documents the projections fold written through the document store. */
async function referenceLoad(dir: string, count: number): Promise<void> {
  const events = new SqliteEventStore({ path: join(dir, 'events.db') });
  const documents = new SqliteDocumentStore({ path: join(dir, 'read-models.db') });
  const factory = workshopFactory(seededRandom(WORKSHOP_SEED), WORKSHOP_END_MS, count);
  const first = (await events.lastGlobalPosition()) + 1;
  let written = 0;
  for (let index = 0; index < count; index++) {
    const item = factory.item(index, written, first + written);
    await events.appendToStreams(item.appends);
    await documents.writeBatch(item.writes);
    written += item.events;
  }
  await checkpointsPast(documents, await events.lastGlobalPosition());
  await events.close();
  await documents.close();
}

/** What a data folder holds, read back through the ports (and the SQLite rows they come from). */
async function contents(dir: string, after: number) {
  const events = new SqliteEventStore({ path: join(dir, 'events.db') });
  const documents = new SqliteDocumentStore({ path: join(dir, 'read-models.db') });
  const collections = WORKSHOP_PROJECTIONS.map((projection) => projection.collection);
  const byId = (a: StoredDocument, b: StoredDocument) => (a._id < b._id ? -1 : 1);
  const read = {
    events: await events.readAll({ after, maxCount: 100_000 }),
    documents: await Promise.all(collections.map(async (collection) => (await documents.collection(collection).find({})).sort(byId))),
    checkpoints: (await documents.collection('projection_checkpoints').find({})).sort(byId),
  };
  await events.close();
  await documents.close();
  const db = new Database(join(dir, 'read-models.db'), { readonly: true });
  const placeholders = collections.map(() => '?').join(', ');
  const raw = {
    // The JSON text as stored (its keys' order included), the path kinds the queries plan by, the indexes.
    rows: collections.map((collection) => db.prepare(`SELECT id, doc FROM "${collection}" ORDER BY id`).all()),
    pathKinds: db.prepare(`SELECT collection, path, kind FROM "_path_kinds" WHERE collection IN (${placeholders}) ORDER BY 1, 2, 3`).all(...collections),
    indexes: db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name IN (${placeholders}) ORDER BY name`).all(...collections),
  };
  db.close();
  return { read, raw };
}

describe('Given the workshop benchmark’s bulk load (bench/refurb-step-bulk.ts)', () => {
  it('when it loads items and steps into the platform’s files, then the ports read the events and documents the reference path writes, bookkeeping, path kinds and indexes included', async () => {
    const [reference, bulk] = [await platformFolder(), await platformFolder()];
    const head = async (dir: string) => {
      const store = new SqliteEventStore({ path: join(dir, 'events.db') });
      const position = await store.lastGlobalPosition();
      await store.close();
      return position;
    };
    const seeded = await head(reference);
    expect(await head(bulk)).toBe(seeded);

    await referenceLoad(reference, ITEMS);
    // The builder in this thread (a worker thread would need the TypeScript loader Vitest does not give it): the same chunks.
    const load = await loadWorkshop(bulk, ITEMS, () => {}, 'inline');

    const expected = await contents(reference, seeded);
    const actual = await contents(bulk, seeded);
    expect(load.events).toBe(expected.read.events.length);
    expect(actual.read.events).toEqual(expected.read.events);
    expect(actual.read.documents).toEqual(expected.read.documents);
    expect(actual.read.checkpoints).toEqual(expected.read.checkpoints);
    expect(actual.raw).toEqual(expected.raw);
    // The sample holds every shape the million holds.
    const steps = expected.read.documents[1] as StoredDocument[];
    expect(new Set(steps.map((step) => step.status))).toEqual(new Set(['to_do', 'in_progress', 'paused', 'completed', 'cancelled']));
    expect(new Set(steps.map((step) => (step.actions as unknown[]).length))).toEqual(new Set([0, 1, 2, 3, 4]));
    expect(load.steps).toBe(steps.length);
  });
});

describe('Given a benchmark’s kept fixture (bench/bulk-sqlite.ts, BENCH_FIXTURES)', () => {
  it('when two runs ask for the same fixture, then the first generates it and the second copies it without generating', async () => {
    const previous = process.env.BENCH_FIXTURES;
    process.env.BENCH_FIXTURES = folder();
    try {
      let generations = 0;
      const generate = async (dir: string) => {
        generations++;
        writeFileSync(join(dir, 'data.db'), 'rows');
      };
      const [first, second] = [folder(), folder()];
      expect(await withFixture('sample-10-g1', first, generate)).toBe(true);
      expect(await withFixture('sample-10-g1', second, generate)).toBe(true);
      expect(generations).toBe(1);
      expect(readFileSync(join(second, 'data.db'), 'utf8')).toBe('rows');
      expect(existsSync(join(second, '.complete'))).toBe(false);
    } finally {
      if (previous === undefined) delete process.env.BENCH_FIXTURES;
      else process.env.BENCH_FIXTURES = previous;
    }
  });
});
