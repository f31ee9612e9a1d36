import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creationBody, PARIS } from '../support/buyback-fixtures.js';
import { freePort, killHard, loginTo, pool, startServer } from '../support/server-process.js';
import type { ApiClient } from '../support/test-platform.js';
import { eventually, ORLEANS } from '../support/logistics-helpers.js';
import { SqliteEventStore } from '../../infrastructure/event-store/sqlite-event-store.js';
import { toDomainEvent } from '../../application/events/codec.js';
import { handleCommand } from '../../application/commands/command-handler.js';
import { packageDecider, transportDecider } from '../../application/logistics/deciders.js';
import { transportIdOf } from '../../application/logistics/logistics-process.js';
import { LOGISTICS_STREAMS } from '../../application/logistics/streams.js';
import type { EventMetadata } from '../../application/ports/event-store.js';
import { foldBuyback, statePathOf } from '../../domain/buybacks/machine.js';
import type { BuybackEvent } from '../../domain/buybacks/events.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';

/**
 * A package and its buybacks and items never drift, whatever kills the
 * process between the package's change and the process manager's follow-ups
 * (its buybacks shipped and their items in transit when it is closed; their
 * delivery status when the carrier reports): after a restart the process
 * manager finishes what the crash interrupted, once. A scan retried with its
 * Idempotency-Key after a crash answers as the first did.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'logistics-crash-'));
let server: ChildProcess | null = null;
let port = 0;
let base = '';

beforeAll(async () => {
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  if (server) await killHard(server);
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<void> {
  server = await startServer(port, dataDir, { SEED_DEMO_ACTIVITY: 'false', LABEL_WORKER_INTERVAL_MS: '200' });
}
async function crash(): Promise<void> {
  if (server) await killHard(server);
  server = null;
}

/** Waits until the process managers have caught up (what the crash left undone is done). */
async function settled(): Promise<void> {
  const admin = await loginTo(base, 'admin@demo.test');
  for (let attempt = 0; attempt < 200; attempt++) {
    const health = await admin.get('/health');
    if (health.body.maxLag === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the process managers did not catch up');
}

/** Works on the event store's file while no server runs. */
async function withStore<T>(work: (store: SqliteEventStore) => Promise<T>): Promise<T> {
  const store = new SqliteEventStore({ path: join(dataDir, 'events.db') });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/** The buyback as its stream holds it: its state, and how often each event type was written. */
async function buybackInStore(store: SqliteEventStore, buybackId: string) {
  const history = (await store.readStream(`buyback-${buybackId}`)).map((stored) => toDomainEvent<BuybackEvent>(stored));
  const counts: Record<string, number> = {};
  for (const event of history) counts[event.type] = (counts[event.type] ?? 0) + 1;
  return { state: statePathOf(foldBuyback(history)), counts };
}

function metadata(accountId: string, userId: string | null): EventMetadata {
  return { accountId, organizationId: PARIS, userId, correlationId: `crash-${randomUUID()}`, causationId: null, occurredAt: new Date().toISOString() };
}

async function registered(seller: ApiClient, count: number): Promise<Array<{ id: string; code: string }>> {
  const body = await creationBody(seller, { paymentType: 'bank_transfer' });
  const made: Array<{ id: string; code: string }> = [];
  await pool(Array.from({ length: count }), 6, async () => {
    const created = await seller.post(`/store/${PARIS}/buybacks`, body, { 'Idempotency-Key': randomUUID() });
    if (created.status !== 201) throw new Error(`setup: ${created.status} ${JSON.stringify(created.body)}`);
    made.push({ id: created.body.id, code: created.body.identificationNumber });
  });
  return made;
}

describe('Given a package of three buybacks and a server that dies', () => {
  let packageId = '';
  let buybacks: Array<{ id: string; code: string }> = [];

  it('when the process dies right after the package was closed, before its buybacks were shipped, then after a restart the package, its buybacks and their items agree, each shipped once', async () => {
    await start();
    const seller = await loginTo(base, 'seller@demo.test');
    buybacks = await registered(seller, 3);
    const opened = await seller.post('/packages', { warehouseId: ORLEANS, labelMode: 'with_label' });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    packageId = opened.body.id;
    for (const b of buybacks) expect((await seller.post(`/packages/${packageId}/items`, { code: b.code })).status).toBe(200);
    await crash();

    // The close, as the command writes it, and then nothing: the process is gone before its process manager ran.
    await withStore(async (store) => {
      const closed = await handleCommand(store, LOGISTICS_STREAMS.package.name(packageId), packageDecider, { type: 'ClosePackage', data: {} }, {
        metadata: metadata(DEMO_IDS.accounts.demo, DEMO_IDS.users.seller),
        newEventId: () => randomUUID(),
      });
      expect(closed.events.map((e) => e.type)).toEqual(['PackageClosed']);
      for (const b of buybacks) expect((await buybackInStore(store, b.id)).state).toBe('bb_awaiting_inventory');
    });

    await start();
    await settled();
    const reader = await loginTo(base, 'seller@demo.test');
    const operator = await loginTo(base, 'warehouse@demo.test', 'rps');
    expect((await reader.get(`/packages/${packageId}`)).body).toMatchObject({ status: expect.stringMatching(/^(closed|label_ready)$/), buybackCount: 3 });
    for (const b of buybacks) {
      expect((await reader.get(`/buybacks/${b.id}`)).body).toMatchObject({ status: 'bb_in_transit', package: { id: packageId } });
      expect((await operator.get(`/items/by-code/${b.code}`)).body.item.status).toBe('item_in_transit');
    }
    const pkg = await eventually(async () => (await reader.get(`/packages/${packageId}`)).body, (p) => p.status === 'label_ready', { timeoutMs: 10_000 });
    expect(pkg).toMatchObject({ status: 'label_ready', labelStatus: 'ready' });
    // The buybacks follow the label through the process manager, after the package's read model shows it.
    for (const b of buybacks) {
      const tracked = await eventually(async () => (await reader.get(`/buybacks/${b.id}`)).body, (buyback) => buyback.tracking?.number != null, { timeoutMs: 10_000 });
      expect(tracked.tracking.number).toBe(pkg.label.trackingNumber);
    }

    await crash();
    await withStore(async (store) => {
      for (const b of buybacks) {
        const { state, counts } = await buybackInStore(store, b.id);
        expect(state).toBe('bb_in_transit');
        expect(counts).toMatchObject({ BuybackShipped: 1, BuybackShipmentTracked: 1 });
      }
      const transport = await store.readStream(LOGISTICS_STREAMS.transport.name(transportIdOf.package(packageId)));
      expect(transport.filter((e) => toDomainEvent(e).type === 'TransportRequested')).toHaveLength(1);
    });
  }, 120_000);

  it('when the process dies right after the carrier’s report was recorded on the transport, before the package and its buybacks followed, then after a restart they all say DELIVERED_OK, once', async () => {
    const transportStream = LOGISTICS_STREAMS.transport.name(transportIdOf.package(packageId));
    await withStore(async (store) => {
      const recorded = await handleCommand(
        store,
        transportStream,
        transportDecider,
        { type: 'RecordDelivery', data: { status: 'DELIVERED_OK', occurredAt: new Date().toISOString(), carrierEventId: 'evt_crash_1', latestAcceptedAt: new Date(Date.now() + 300_000).toISOString() } },
        { metadata: metadata(DEMO_IDS.accounts.demo, null), newEventId: () => randomUUID() },
      );
      expect(recorded.events.map((e) => e.type)).toEqual(['TransportDeliveryStatusChanged']);
      for (const b of buybacks) expect((await buybackInStore(store, b.id)).counts.BuybackDeliveryStatusChanged).toBeUndefined();
    });

    await start();
    await settled();
    const reader = await loginTo(base, 'seller@demo.test');
    expect((await reader.get(`/packages/${packageId}`)).body).toMatchObject({ status: 'delivered', deliveryStatus: 'DELIVERED_OK' });
    for (const b of buybacks) expect((await reader.get(`/buybacks/${b.id}`)).body.deliveryStatus).toBe('DELIVERED_OK');
    const listed = (await reader.get('/buybacks?itemsPerPage=100&deliveryStatus[]=DELIVERED_OK')).body.items.map((row: { id: string }) => row.id);
    expect(listed.sort()).toEqual(buybacks.map((b) => b.id).sort());
    await crash();

    await withStore(async (store) => {
      for (const b of buybacks) expect((await buybackInStore(store, b.id)).counts.BuybackDeliveryStatusChanged).toBe(1);
      const packageEvents = (await store.readStream(LOGISTICS_STREAMS.package.name(packageId))).map((e) => toDomainEvent(e).type);
      expect(packageEvents.filter((type) => type === 'PackageDeliveryStatusChanged')).toHaveLength(1);
    });
  }, 120_000);
});

describe('Given scans sent with an Idempotency-Key and a server killed while they run', () => {
  it('when every scan is retried with its key after a restart, then each answers as the first did (or as it would have), and each buyback is in the package once', async () => {
    await start();
    const seller = await loginTo(base, 'seller@demo.test');
    const buybacks = await registered(seller, 16);
    const opened = await seller.post('/packages', { warehouseId: ORLEANS, labelMode: 'with_label' });
    const packageId = opened.body.id as string;
    const keys = new Map(buybacks.map((b) => [b.code, randomUUID()]));

    // The first scan answered before the kill: its retry after the restart must answer the same.
    const [firstBuyback, ...rest] = buybacks;
    const firstKey = keys.get(firstBuyback!.code)!;
    const firstAnswer = await seller.post(`/packages/${packageId}/items`, { code: firstBuyback!.code }, { 'Idempotency-Key': firstKey });
    expect(firstAnswer.status, JSON.stringify(firstAnswer.body)).toBe(200);

    const answered = new Map<string, { status: number; body: unknown }>();
    let killed = false;
    await pool(
      rest,
      6,
      async ({ code }) => {
        try {
          const answer = await seller.post(`/packages/${packageId}/items`, { code }, { 'Idempotency-Key': keys.get(code)! });
          answered.set(code, { status: answer.status, body: answer.body });
        } catch {
          // the connection died with the server
        }
        if (!killed && answered.size >= 6) {
          killed = true;
          await crash();
        }
      },
      () => killed,
    );
    await crash();
    expect(killed).toBe(true);
    expect(answered.size, 'scans answered before the kill').toBeLessThan(rest.length);

    await start();
    const again = await loginTo(base, 'seller@demo.test');
    const retried = await again.post(`/packages/${packageId}/items`, { code: firstBuyback!.code }, { 'Idempotency-Key': firstKey });
    expect(retried.status).toBe(firstAnswer.status);
    expect(retried.body).toEqual(firstAnswer.body);
    // The same key with another body is not the same request.
    const misuse = await again.post(`/packages/${packageId}/items`, { code: rest[0]!.code }, { 'Idempotency-Key': firstKey });
    expect(misuse.status).toBe(422);

    for (const { code } of rest) {
      const answer = await again.post(`/packages/${packageId}/items`, { code }, { 'Idempotency-Key': keys.get(code)! });
      expect({ code, status: answer.status, body: answer.body }).toMatchObject({ code, status: 200, body: { id: packageId, buyback: { identificationNumber: code } } });
      const first = answered.get(code);
      if (first?.status === 200) expect(answer.body, code).toEqual(first.body);
    }
    const pkg = (await again.get(`/packages/${packageId}`)).body;
    expect(pkg.buybackCount).toBe(buybacks.length);
    expect(new Set(pkg.buybacks.map((b: { buybackId: string }) => b.buybackId)).size).toBe(buybacks.length);
    for (const b of buybacks) expect((await again.get(`/buybacks/${b.id}`)).body.package).toMatchObject({ id: packageId });
    await crash();
  }, 120_000);
});
