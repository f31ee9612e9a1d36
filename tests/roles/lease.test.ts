import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FencedWriteError, type WriteOperation } from '../../application/ports/document-store.js';
import { Lease, LEASES_COLLECTION, leaseHoldings, type LeaseDocument, type LeasedWork } from '../../application/platform/lease.js';
import { SqliteDocumentStore } from '../../infrastructure/document-store/sqlite-document-store.js';

/** A lease's holders, on a real SQLite file, with the machine's clock replaced by one the test moves. */
const TTL = 9_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

class Work implements LeasedWork {
  running = false;
  starts = 0;
  async start() {
    this.running = true;
    this.starts += 1;
  }
  async stop() {
    this.running = false;
  }
}

let dir: string;
let store: SqliteDocumentStore;
let now: number;
const holders: Lease[] = [];

function holder(name: string): { lease: Lease; work: Work } {
  const work = new Work();
  const lease = new Lease(store, 'projector', name, work, silent, { ttlMs: TTL, now: () => now });
  holders.push(lease);
  return { lease, work };
}

/** A holder's batch: a read-model document and its checkpoint, fenced by its token (what the projection runner writes). */
function batchOf(lease: Lease, value: string): WriteOperation[] {
  const check = lease.check();
  const writes: WriteOperation[] = [
    { kind: 'upsert', collection: 'things', document: { _id: 'thing', value } },
    { kind: 'upsert', collection: 'projection_checkpoints', document: { _id: 'things', position: value.length } },
  ];
  return check ? [check, ...writes] : writes;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lease-'));
  store = new SqliteDocumentStore({ path: join(dir, 'read-models.db') });
  now = Date.parse('2026-11-27T10:00:00.000Z');
});
afterEach(async () => {
  for (const lease of holders.splice(0)) lease.freeze();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Given a free lease', () => {
  it('When two processes start with its role, then the first takes it (token 1) and runs the work, the other waits', async () => {
    const a = holder('replica-a');
    const b = holder('replica-b');
    await a.lease.renewOrTake();
    await b.lease.renewOrTake();
    expect([a.lease.holding, a.work.running, a.lease.token]).toEqual([true, true, 1]);
    expect([b.lease.holding, b.work.running]).toEqual([false, false]);
    const [held] = await leaseHoldings(store, now);
    expect(held).toMatchObject({ role: 'projector', holder: 'replica-a', token: 1, since: '2026-11-27T10:00:00.000Z', live: true });
  });
});

describe('Given a held lease', () => {
  it('When its holder renews it, then it lasts a time to live from the renewal, with the same token and since', async () => {
    const a = holder('replica-a');
    await a.lease.renewOrTake();
    now += TTL / 3;
    await a.lease.renewOrTake();
    const stored = (await store.collection<LeaseDocument>(LEASES_COLLECTION).get('projector')) as LeaseDocument;
    expect(stored).toMatchObject({ holder: 'replica-a', token: 1, since: '2026-11-27T10:00:00.000Z', expiresAt: new Date(now + TTL).toISOString() });
    const b = holder('replica-b');
    now += TTL - 1;
    await b.lease.renewOrTake();
    expect(b.lease.holding).toBe(false);
  });

  it('When its holder stops cleanly, then it stops the work and releases it, and a waiting process takes it at its next try', async () => {
    const a = holder('replica-a');
    const b = holder('replica-b');
    await a.lease.renewOrTake();
    await a.lease.stop();
    expect(a.work.running).toBe(false);
    await b.lease.renewOrTake();
    expect([b.lease.holding, b.work.running, b.lease.token]).toEqual([true, true, 2]);
  });

  it('When its holder renews late, past the expiry, with no one having taken it over, then it keeps it with the same token', async () => {
    const a = holder('replica-a');
    await a.lease.renewOrTake();
    now += TTL + 1;
    await a.lease.renewOrTake();
    expect([a.lease.holding, a.work.running, a.lease.token, a.work.starts]).toEqual([true, true, 1, 1]);
  });

  it('When another process took it over meanwhile, then the late renewal fails and the holder stops the work', async () => {
    const a = holder('replica-a');
    const b = holder('replica-b');
    await a.lease.renewOrTake();
    now += TTL + 1;
    await b.lease.renewOrTake();
    await a.lease.renewOrTake();
    expect([a.lease.holding, a.work.running]).toEqual([false, false]);
    expect([b.lease.holding, b.work.running, b.lease.token]).toEqual([true, true, 2]);
  });
});

describe('Given a holder that froze (it stops renewing, its work goes on)', () => {
  it('When its lease expires, then another takes it over with a higher token, and the stale holder\'s next batch is refused, nothing of it written', async () => {
    const a = holder('replica-a');
    const b = holder('replica-b');
    await a.lease.renewOrTake();
    await store.writeBatch(batchOf(a.lease, 'a1'));
    a.lease.freeze();
    now += TTL / 2;
    await b.lease.renewOrTake();
    expect(b.lease.holding).toBe(false);
    now += TTL;
    await b.lease.renewOrTake();
    expect([b.lease.holding, b.lease.token]).toEqual([true, 2]);
    await store.writeBatch(batchOf(b.lease, 'b-one'));

    const stale = batchOf(a.lease, 'a-two');
    await expect(store.writeBatch(stale)).rejects.toThrow(FencedWriteError);
    a.lease.refused();
    await a.lease.stop();
    expect([a.lease.holding, a.work.running]).toEqual([false, false]);
    expect(await store.collection('things').get('thing')).toEqual({ _id: 'thing', value: 'b-one' });
    expect(await store.collection('projection_checkpoints').get('things')).toEqual({ _id: 'things', position: 5 });
    // The stale holder's stop released nothing of the new holder's.
    expect(await leaseHoldings(store, now)).toMatchObject([{ holder: 'replica-b', token: 2, live: true }]);
  });

  it('When two waiting processes try to take the expired lease at once, then exactly one does', async () => {
    const a = holder('replica-a');
    await a.lease.renewOrTake();
    a.lease.freeze();
    now += TTL + 1;
    const waiting = [holder('replica-b'), holder('replica-c'), holder('replica-d')];
    await Promise.all(waiting.map(({ lease }) => lease.renewOrTake()));
    expect(waiting.filter(({ lease }) => lease.holding)).toHaveLength(1);
    expect(waiting.reduce((starts, { work }) => starts + work.starts, 0)).toBe(1);
  });
});
