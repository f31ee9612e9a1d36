import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { creationBody, PARIS } from '../support/buyback-fixtures.js';
import { freePort, killHard, loginTo, pool, startServer } from '../support/server-process.js';
import type { ApiClient } from '../support/test-platform.js';
import { SqliteEventStore } from '../../infrastructure/event-store/sqlite-event-store.js';
import { toDomainEvent, toNewEvent } from '../../application/events/codec.js';
import type { StoredEvent } from '../../application/ports/event-store.js';
import { foldBuyback, statePathOf } from '../../domain/buybacks/machine.js';
import type { BuybackEvent } from '../../domain/buybacks/events.js';
import { foldItem, itemStatus } from '../../domain/warehouse/items/machine.js';
import type { ItemEvent } from '../../domain/warehouse/items/events.js';
import { agree } from '../../domain/warehouse/buyback-item-sync.js';
import { nativeStockId } from '../../domain/warehouse/stocks/native-stocks.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';

/**
 * A buyback and its item never drift, whatever kills the process: a command
 * writes both sides in one append, so a kill finds none half-way; and a
 * change written on one side alone (an older version's, or an adapter's
 * crash) is finished after a restart by the process manager, which keeps a
 * durable checkpoint and replays from it (once: its follow-ups carry a key
 * derived from the event they follow).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'sync-crash-'));
let server: ChildProcess | null = null;

afterAll(async () => {
  if (server) await killHard(server);
  if (!process.env.KEEP_CRASH_DATA) rmSync(dataDir, { recursive: true, force: true });
  else console.log('kept', dataDir);
});

interface Pair {
  buybackId: string;
  buybackState: string | null;
  itemStatus: string | null;
  buybackEvents: string[];
  itemEvents: string[];
}

/** Every buyback and its item as the event store holds them, read from the file while no server runs. */
async function pairsInStore(): Promise<Pair[]> {
  const store = new SqliteEventStore({ path: join(dataDir, 'events.db') });
  try {
    const events: StoredEvent[] = [];
    for (let after = 0; ; ) {
      const page = await store.readAll({ after, maxCount: 5_000 });
      if (page.length === 0) break;
      events.push(...page);
      after = page.at(-1)!.globalPosition;
    }
    const buybacks = new Map<string, BuybackEvent[]>();
    const items = new Map<string, ItemEvent[]>();
    for (const stored of events) {
      if (stored.streamName.startsWith('buyback-')) buybacks.set(stored.streamName.slice(8), [...(buybacks.get(stored.streamName.slice(8)) ?? []), toDomainEvent(stored)]);
      if (stored.streamName.startsWith('item-')) {
        const item = toDomainEvent<ItemEvent>(stored);
        const key = stored.streamName;
        items.set(key, [...(items.get(key) ?? []), item]);
      }
    }
    const itemOfBuyback = new Map<string, ItemEvent[]>();
    for (const history of items.values()) {
      const created = history[0];
      if (created?.type === 'ItemCreated') itemOfBuyback.set(created.data.buybackId, history);
    }
    return [...buybacks].map(([buybackId, history]) => {
      const item = itemOfBuyback.get(buybackId) ?? [];
      return {
        buybackId,
        buybackState: statePathOf(foldBuyback(history)),
        itemStatus: item.length === 0 ? null : itemStatus(foldItem(item)),
        buybackEvents: history.map((e) => e.type),
        itemEvents: item.map((e) => e.type),
      };
    });
  } finally {
    await store.close();
  }
}

const disagreeing = (pairs: Pair[]) => pairs.filter((p) => !agree(p.itemStatus as never, p.buybackState));

async function settled(base: string): Promise<void> {
  const admin = await loginTo(base, 'admin@demo.test');
  for (let attempt = 0; attempt < 200; attempt++) {
    const health = await admin.get('/health');
    if (health.body.maxLag === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the process manager did not catch up');
}

async function shippedBuybacks(seller: ApiClient, count: number): Promise<Array<{ id: string; code: string }>> {
  const body = await creationBody(seller, { paymentType: 'bank_transfer' });
  const made: Array<{ id: string; code: string }> = [];
  await pool(Array.from({ length: count }), 8, async () => {
    const created = await seller.post(`/store/${PARIS}/buybacks`, body, { 'Idempotency-Key': randomUUID() });
    const shipped = await seller.post(`/buybacks/${created.body.id}/ship`, {});
    if (created.status !== 201 || shipped.status !== 200) throw new Error(`setup: ${created.status} ${shipped.status}`);
    made.push({ id: created.body.id, code: created.body.identificationNumber });
  });
  return made;
}

describe('Given buybacks shipped to the warehouse and a server that dies', () => {
  it('when the process dies right after an item was received, before its buyback followed, then after a restart both agree, the buyback changed once', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = await startServer(port, dataDir, { SEED_DEMO_ACTIVITY: 'false' });
    const [target] = await shippedBuybacks(await loginTo(base, 'seller@demo.test'), 1);
    const operator = await loginTo(base, 'warehouse@demo.test', 'rps');
    const itemId = (await operator.get(`/items/by-code/${target!.code}`)).body.item.id as string;
    await killHard(server);
    server = null;

    // The first change, as the check-in command writes it, and then nothing: the process is gone.
    const store = new SqliteEventStore({ path: join(dataDir, 'events.db') });
    const history = await store.readStream(`item-${itemId}`);
    await store.appendToStream(
      `item-${itemId}`,
      [
        toNewEvent(
          {
            type: 'ItemRegisteredInWarehouse',
            data: { itemId, warehouseId: DEMO_IDS.warehouses.demo, stock: { fromStockId: null, toStockId: nativeStockId(DEMO_IDS.warehouses.demo, 'to_approve'), receivedAt: new Date().toISOString() } },
          },
          randomUUID(),
          { accountId: DEMO_IDS.accounts.demo, organizationId: DEMO_IDS.warehouses.demo, userId: DEMO_IDS.users.warehouse, correlationId: 'crash', causationId: null, occurredAt: new Date().toISOString() },
        ),
      ],
      history.length - 1,
    );
    await store.close();
    const before = (await pairsInStore()).find((p) => p.buybackId === target!.id)!;
    expect(before).toMatchObject({ itemStatus: 'item_registered_in_warehouse', buybackState: 'bb_in_transit' });
    expect(agree(before.itemStatus as never, before.buybackState)).toBe(false);

    server = await startServer(port, dataDir);
    await settled(base);
    await killHard(server);
    server = null;
    const after = (await pairsInStore()).find((p) => p.buybackId === target!.id)!;
    expect(after).toMatchObject({ itemStatus: 'item_registered_in_warehouse', buybackState: 'bb_in_processing.checking' });
    expect(after.buybackEvents.filter((type) => type === 'BuybackCheckedIn')).toHaveLength(1);
  }, 120_000);

  it('when it is killed while check-ins and checks run at once, then no pair was caught half-way (each command writes both sides in one append), and after a restart every pair agrees, each follow-up written once, no conflict', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = await startServer(port, dataDir);
    const seller = await loginTo(base, 'seller@demo.test');
    const operator = await loginTo(base, 'warehouse@demo.test', 'rps');
    const responses = (await creationBody(seller, { paymentType: 'bank_transfer' })).responses;
    const buybacks = await shippedBuybacks(seller, 120);

    // Check-ins and checks in flight, and the kill while they run.
    let done = 0;
    let killed = false;
    await pool(
      buybacks,
      24,
      async ({ code }) => {
        try {
          const checkIn = await operator.post('/warehouse/check-ins', { code });
          if (checkIn.status === 201) {
            await operator.post(`/items/${checkIn.body.id}/compliance-checks`, { productId: DEMO_IDS.products.iphone15_128, responses, decision: { kind: 'by_rule' } });
          }
        } catch {
          // the connection died with the server
        }
        done += 1;
        if (!killed && done >= 40 && server) {
          killed = true;
          await killHard(server);
        }
      },
      () => killed,
    );
    server = null;
    expect(killed).toBe(true);
    const atTheKill = await pairsInStore();
    expect(atTheKill.filter((p) => p.itemEvents.includes('ItemRegisteredInWarehouse')).length, 'check-ins written before the kill').toBeGreaterThan(0);
    expect(disagreeing(atTheKill).map((p) => `${p.buybackId}: ${p.itemStatus} / ${p.buybackState}`), 'pairs caught between the two changes at the kill').toEqual([]);

    server = await startServer(port, dataDir);
    await settled(base);
    const admin = await loginTo(base, 'admin@demo.test');
    const health = await admin.get('/health');
    expect(health.body.processManagers).toEqual([
      expect.objectContaining({ name: 'dispute-mail', lag: 0, conflicts: 0 }),
      expect.objectContaining({ name: 'buyback-item', lag: 0, conflicts: 0 }),
      expect.objectContaining({ name: 'logistics', lag: 0, conflicts: 0 }),
      expect.objectContaining({ name: 'buyback-payment', lag: 0, conflicts: 0 }),
    ]);
    await killHard(server);
    server = null;

    const pairs = await pairsInStore();
    expect(disagreeing(pairs).map((p) => `${p.buybackId}: ${p.itemStatus} / ${p.buybackState}`)).toEqual([]);
    for (const pair of pairs) {
      const counts = (types: string[]) => types.reduce<Record<string, number>>((all, type) => ({ ...all, [type]: (all[type] ?? 0) + 1 }), {});
      for (const [type, count] of Object.entries({ ...counts(pair.buybackEvents), ...counts(pair.itemEvents) })) expect(count, `${pair.buybackId} ${type}`).toBe(1);
    }
  }, 180_000);
});
