import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentStore, WriteOperation } from '../../application/ports/document-store.js';
import type { EventStore, StoredEvent } from '../../application/ports/event-store.js';
import type { PersonalDataVault } from '../../application/ports/personal-data.js';
import type { Projection } from '../../application/ports/projection.js';
import { CHECKPOINTS_COLLECTION, ProjectionRunner, type RebuildOptions } from '../../application/projections/projection-runner.js';
import { isRebuildCollectionOf } from '../../application/projections/rebuild.js';
import { TOKENS } from '../../application/tokens.js';
import { SqliteDocumentStore } from '../../infrastructure/document-store/sqlite-document-store.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { ALL_PROJECTIONS } from '../support/assembly.js';
import { BUYBACK_HISTORY_COLLECTION } from '../../application/buybacks/history-read-model.js';
import { BUYBACKS_COLLECTION } from '../../application/buybacks/read-models.js';
import { startTestPlatform, type TestPlatform } from '../support/test-platform.js';
import { expectOk, historyActors, snapshot } from '../support/api-helpers.js';
import { creationBody, customer, PARIS } from '../support/buyback-fixtures.js';
import { BUYBACK_STREAMS } from '../../application/buybacks/streams.js';

/**
 * A rebuild keeps the documents it evolves in a working set across pages of
 * the log: each document is written once when they all fit, and when they do
 * not (a small bound here), the documents it lets go are read back when a
 * later event needs them. Either way it gives the documents the live
 * projections built.
 */

const SILENT = { info: () => undefined, error: () => undefined };

let t: TestPlatform;
let vault: PersonalDataVault;
let head: number;

beforeAll(async () => {
  t = await startTestPlatform();
  await buildHistory(t);
  vault = t.platform.container.resolve<PersonalDataVault>(TOKENS.PersonalDataVault);
  head = await t.platform.eventStore.lastGlobalPosition();
});
afterAll(async () => {
  await t?.close();
});

describe('rebuild working set', () => {
  it('writes each document once when the working set holds them all, and gives the live documents', async () => {
    const live = await snapshot(t.platform.documents);
    expect(live.buybacks?.length).toBeGreaterThanOrEqual(6);

    const documents = new SqliteDocumentStore({ path: ':memory:' });
    try {
      const counted = countingWrites(documents);
      await rebuildAll(counted.store, { pageEvents: 5 });
      // Bookkeeping included: the customer forgotten reached the buyback held in memory.
      expect(await snapshot(documents)).toEqual(live);
      for (const collection of [BUYBACKS_COLLECTION, BUYBACK_HISTORY_COLLECTION]) {
        const written = counted.writes.filter((write) => isRebuildCollectionOf(collection, write.collection));
        const ids = written.map((write) => (write.kind === 'delete' || write.kind === 'expect' ? write.id : write.document._id));
        expect(new Set(ids).size, collection).toBe(ids.length);
        expect(ids.length, collection).toBe(await documents.collection(collection).count({}));
      }
    } finally {
      await documents.close();
    }
  });

  it('gives the same documents when it must let documents go and read them back (tiny pages and working set)', async () => {
    const live = await snapshot(t.platform.documents);
    for (const [options, lateCommits] of [
      [{ pageEvents: 1, workingSetDocuments: 1 }, false],
      [{ pageEvents: 3, workingSetDocuments: 2 }, false],
      [{ pageEvents: 7, workingSetDocuments: 4 }, false],
      // Writes that land only later (as with SQLite's write worker): a document let go is
      // needed again while its write is under way, before the store has it.
      [{ pageEvents: 1, workingSetDocuments: 1 }, true],
      [{ pageEvents: 2, workingSetDocuments: 3 }, true],
    ] as const) {
      const label = JSON.stringify({ ...options, lateCommits });
      const documents = new SqliteDocumentStore({ path: ':memory:' });
      try {
        const counted = countingWrites(lateCommits ? committingLater(documents) : documents);
        await rebuildAll(counted.store, options);
        expect(await snapshot(documents), label).toEqual(live);
        // The checkpoints reached the head, written with the documents.
        for (const { name } of ALL_PROJECTIONS) {
          expect((await documents.collection(CHECKPOINTS_COLLECTION).get(name))?.position, name).toBe(head);
        }
        // Letting documents go mid-rebuild means writing some of them more than once
        // (a buyback whose events are further apart than the working set is large).
        const buybackWrites = counted.writes.filter((write) => isRebuildCollectionOf(BUYBACKS_COLLECTION, write.collection)).length;
        const buybacks = await documents.collection(BUYBACKS_COLLECTION).count({});
        if (options.workingSetDocuments === 1) expect(buybackWrites, label).toBeGreaterThan(buybacks);
        else expect(buybackWrites, label).toBeGreaterThanOrEqual(buybacks);
      } finally {
        await documents.close();
      }
    }
  });

  it('hands personal data in clear only to projections that declare they read it, live and in a rebuild', async () => {
    const reader = probe('probe-reader', true);
    const blind = probe('probe-blind', false);
    const documents = new SqliteDocumentStore({ path: ':memory:' });
    try {
      // Live: the runner's subscription from the first event.
      const runner = new ProjectionRunner(t.platform.eventStore, documents, vault, [reader, blind], SILENT);
      await runner.start();
      expect(await runner.waitFor(head, 10_000)).toBe(true);
      await runner.stop();
      const expectProbes = async () => {
        const read = await documents.collection(reader.collection).find({});
        const blinded = await documents.collection(blind.collection).find({});
        expect(read.length).toBeGreaterThanOrEqual(6);
        expect(blinded).toHaveLength(read.length);
        expect(read.every((document) => document.customer === 'clear' || document.customer === 'forgotten')).toBe(true);
        expect(read.some((document) => document.customer === 'clear')).toBe(true);
        expect(blinded.every((document) => document.customer === 'sealed')).toBe(true);
      };
      await expectProbes();
      // Rebuilt.
      await runner.rebuild(reader.name);
      await runner.rebuild(blind.name);
      await expectProbes();
    } finally {
      await documents.close();
    }
  });
});

describe('a customer forgotten while a rebuild runs', () => {
  // Last: it appends to the platform's log.
  it('is forgotten in the rebuilt read model, though the rebuild revealed their buyback before and holds it in memory', async () => {
    const seller = await t.login('seller@demo.test');
    const retailer = await t.login('retailer@demo.test', 'root');
    const email = 'pendant.reconstruction@example.com';
    const created = await seller.post(
      `/store/${PARIS}/buybacks`,
      await creationBody(seller, { paymentType: 'bank_transfer', customer: customer({ email, lastName: 'Pendant' }) }),
    );
    expect(created.status).toBe(201);
    const id = created.body.id as string;

    // The log as the rebuild reads it: once the page holding the registration has been read (and
    // revealed, the key in hand), the customer is forgotten, which appends CustomerForgotten behind.
    const log = t.platform.eventStore;
    let registrationRead = false;
    let forgotten = false;
    const events: EventStore = {
      appendToStream: (...args) => log.appendToStream(...args),
      appendToStreams: (appends) => log.appendToStreams(appends),
      readStream: (name) => log.readStream(name),
      lastGlobalPosition: () => log.lastGlobalPosition(),
      subscribeToAll: (options) => log.subscribeToAll(options),
      close: () => log.close(),
      readAll: async (options) => {
        if (registrationRead && !forgotten) {
          forgotten = true;
          const response = await retailer.post('/admin/customers/forget', { email, accountId: DEMO_IDS.accounts.demo });
          expect(response.status).toBe(200);
        }
        const page = await log.readAll(options);
        registrationRead ||= page.some((event) => event.streamName === `buyback-${id}`);
        return page;
      },
    };
    const documents = new SqliteDocumentStore({ path: ':memory:' });
    try {
      const runner = new ProjectionRunner(events, documents, vault, ALL_PROJECTIONS, SILENT, 500, { pageEvents: 3 });
      await runner.rebuild('buybacks');
      expect(forgotten).toBe(true);
      const rebuilt = await documents.collection(BUYBACKS_COLLECTION).get(id);
      expect(rebuilt).toMatchObject({ customer: { forgotten: true }, customerSearch: null });
      expect(JSON.stringify(rebuilt)).not.toContain('Pendant');
    } finally {
      await documents.close();
    }
  });
});

async function rebuildAll(documents: DocumentStore, options: RebuildOptions, events: EventStore = t.platform.eventStore): Promise<void> {
  const runner = new ProjectionRunner(events, documents, vault, ALL_PROJECTIONS, SILENT, 500, options);
  for (const { name } of ALL_PROJECTIONS) {
    expect(await runner.rebuild(name)).toEqual({ name, position: head, events: head });
  }
}

/** A projection recording, per buyback, how its registration's customer reached it. */
function probe(name: string, readsPersonalData: boolean): Projection {
  return {
    name,
    collection: name.replace('-', '_'),
    indexes: [],
    readsPersonalData,
    eventTypes: ['BuybackRegistered'],
    targets: (event: StoredEvent) => [BUYBACK_STREAMS.buyback.idOf(event.streamName)],
    evolve: (_document, event, id) => {
      const value = (event.data as { customer: Record<string, unknown> }).customer;
      const customer = value.$sealed === 'v1' ? 'sealed' : value.forgotten === true ? 'forgotten' : 'clear';
      return { _id: id, customer };
    },
  };
}

/** The document store, each batch written a few turns of the event loop after it is handed over (in order). */
function committingLater(store: DocumentStore): DocumentStore {
  let queue: Promise<void> = Promise.resolve();
  return {
    collection: (name) => store.collection(name),
    writeBatch: (operations) => {
      const write = queue.then(() => new Promise<void>((resolve) => setTimeout(resolve, 2))).then(() => store.writeBatch(operations));
      queue = write.catch(() => undefined);
      return write;
    },
    dropCollection: (name) => store.dropCollection(name),
    replaceCollection: (target, source) => store.replaceCollection(target, source),
    close: () => store.close(),
  };
}

/** The document store, recording every document write. */
function countingWrites(store: DocumentStore): { store: DocumentStore; writes: WriteOperation[] } {
  const writes: WriteOperation[] = [];
  return {
    writes,
    store: {
      collection: (name) => store.collection(name),
      writeBatch: (operations) => {
        writes.push(...operations.filter((operation) => operation.collection !== CHECKPOINTS_COLLECTION));
        return store.writeBatch(operations);
      },
      dropCollection: (name) => store.dropCollection(name),
      replaceCollection: (target, source) => store.replaceCollection(target, source),
      close: () => store.close(),
    },
  };
}

/** Buybacks at every stage, interleaved, a forgotten customer, and one who comes back after being forgotten. */
async function buildHistory(platform: TestPlatform): Promise<void> {
  const { seller, warehouse, retailer, create } = await historyActors(platform);

  const first = await create({ email: 'premier@example.com' });
  const second = await create({ email: 'second@example.com' });
  const cancelled = await create();
  await expectOk(seller.post(`/buybacks/${first}/ship`, {}));
  await expectOk(seller.post(`/buybacks/${cancelled}/cancel`, { reason: 'customer_retractation', comment: 'Changed their mind' }));
  await expectOk(seller.post(`/buybacks/${second}/ship`, {}));
  await expectOk(warehouse.post(`/buybacks/${first}/check-in`));
  const third = await create({ email: 'revient@example.com', lastName: 'Revenant' });
  await expectOk(warehouse.post(`/buybacks/${second}/check-in`));
  await expectOk(warehouse.post(`/buybacks/${first}/complete-by-price`, {}));
  await expectOk(retailer.post('/admin/customers/forget', { email: 'revient@example.com', accountId: DEMO_IDS.accounts.demo }));
  await expectOk(seller.post(`/buybacks/${third}/ship`, {}));
  await create({ email: 'revient@example.com', lastName: 'Revenant' });
  await expectOk(warehouse.post(`/buybacks/${second}/complete-by-price`, {}));
  await create();
}
