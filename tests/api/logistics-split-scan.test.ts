import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toNewEvent } from '../../application/events/codec.js';
import { SqliteEventStore } from '../../infrastructure/event-store/sqlite-event-store.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { createStoreBuyback, expectOk } from '../support/api-helpers.js';
import { startPlatformOn, type ApiClient, type RunningPlatform } from '../support/test-platform.js';

/**
 * A scan is two writes: the buyback's `BuybackPacked` (the reservation) and
 * the package's `PackageBuybackAdded`, appended at once by every event store
 * today. Events written before that (an event store that wrote the buyback's
 * first, and a crash in between) may hold only the first half; here the store
 * holds just that, and after a restart the logistics process manager
 * completes the scan, or frees the buyback when its package moved on.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'split-scan-'));
let running: RunningPlatform | null = null;

afterAll(async () => {
  await running?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function settled(admin: ApiClient): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if ((await admin.get('/health')).body.maxLag === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the process managers did not catch up');
}

/** The buyback's half of a scan, written straight into the stopped platform's event store. */
async function onlyTheBuybacksHalf(buybackId: string, packageId: string, packageNumber: string): Promise<void> {
  const store = new SqliteEventStore({ path: join(dataDir, 'events.db') });
  try {
    const stream = `buyback-${buybackId}`;
    const history = await store.readStream(stream);
    const metadata = { accountId: DEMO_IDS.accounts.demo, organizationId: DEMO_IDS.stores.paris, userId: DEMO_IDS.users.seller, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
    await store.appendToStream(stream, [toNewEvent({ type: 'BuybackPacked', data: { buybackId, packageId, packageNumber } }, randomUUID(), metadata)], history.length - 1);
  } finally {
    await store.close();
  }
}

describe('Given a scan cut in two by a crash (only the buyback says it is packed)', () => {
  it('when the platform starts again and its package is still open, then the package lists it; when its package was discarded meanwhile, then it is free again', async () => {
    running = await startPlatformOn(dataDir);
    let seller = await running.login('seller@demo.test');
    const kept = await createStoreBuyback(seller, DEMO_IDS.stores.paris);
    const orphan = await createStoreBuyback(seller, DEMO_IDS.stores.paris);
    const open = await expectOk(seller.post('/packages', { warehouseId: DEMO_IDS.warehouses.demo, labelMode: 'with_label' }), 201);
    const gone = await expectOk(seller.post('/packages', { warehouseId: DEMO_IDS.warehouses.demo, labelMode: 'with_label' }), 201);
    const openNumber = (await expectOk(seller.get(`/packages/${open.id}`))).number as string;
    const goneNumber = (await expectOk(seller.get(`/packages/${gone.id}`))).number as string;
    await expectOk(seller.post(`/packages/${gone.id}/discard`, {}));
    await running.stop();
    running = null;

    await onlyTheBuybacksHalf(kept.id, open.id, openNumber);
    await onlyTheBuybacksHalf(orphan.id, gone.id, goneNumber);

    running = await startPlatformOn(dataDir);
    seller = await running.login('seller@demo.test');
    await settled(await running.login('admin@demo.test'));

    const pkg = await expectOk(seller.get(`/packages/${open.id}`));
    expect(pkg.buybacks.map((b: { buybackId: string }) => b.buybackId)).toEqual([kept.id]);
    expect(await expectOk(seller.get(`/buybacks/${kept.id}`))).toMatchObject({ package: { id: open.id, number: openNumber } });
    // Freed: its buyback names no package, and another package takes it.
    expect((await expectOk(seller.get(`/buybacks/${orphan.id}`))).package).toBeNull();
    await expectOk(seller.post(`/packages/${open.id}/items`, { code: orphan.identificationNumber }));
    // Nothing written twice: one BuybackPacked per package the buyback entered, one PackageBuybackAdded each.
    const history = await expectOk(seller.get(`/buybacks/${kept.id}/history`));
    expect(history.items.filter((entry: { type: string }) => entry.type === 'BuybackPacked')).toHaveLength(1);
  }, 120_000);
});
