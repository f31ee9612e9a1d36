import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../application/ports/event-store.js';
import { toNewEvent, type DomainEvent } from '../../application/events/codec.js';
import { WorkingSet } from '../../application/projections/apply-events.js';
import { evolveDocuments, writeAll } from '../../application/projections/evolve-documents.js';
import { STATISTICS_COLLECTION, statisticsIds } from '../../application/settings/statistics/read-models.js';
import { SqliteDocumentStore } from '../../infrastructure/document-store/sqlite-document-store.js';
import { statisticsProjection } from '../../projections/settings/statistics-projection.js';

/** The statistics projection alone: Given a buyback's events, Then the week's totals; delivered twice or in other batches, the same. */
const ACCOUNT = 'acc-1';
const STORE = 'store-1';
const price = { amountInCents: 12_300, currency: 'EUR' as const };
let position = 0;

function stored(streamName: string, revision: number, event: DomainEvent, at: string): StoredEvent {
  const metadata = { accountId: ACCOUNT, organizationId: STORE, userId: null, correlationId: 'test', causationId: null, occurredAt: at };
  return { ...toNewEvent(event, `e${++position}`, metadata), streamName, streamRevision: revision, globalPosition: position };
}

function completedBuyback(id: string, registeredAt: string, completedAt: string): StoredEvent[] {
  const stream = `buyback-${id}`;
  return [
    stored(stream, 0, {
      type: 'BuybackRegistered',
      data: { buybackId: id, channel: 'store', storeId: STORE, buyerId: 'buyer-1', warehouseId: 'wh-1', circuit: { id: 'c', name: 'c', deposit: 'drop' }, paymentMode: { id: 'p', type: 'bank_transfer', label: 'Virement' }, paymentStatus: 'awaiting_payment', product: { productId: 'p1', label: 'iPhone', brand: 'Apple', categoryId: 'cat-1', ean: null }, declaredPrice: price, dispatch: null, pricing: null },
    } as unknown as DomainEvent, registeredAt),
    stored(stream, 1, { type: 'BuybackShipped', data: { buybackId: id, trackingNumber: null, trackingLink: null, direct: false } } as DomainEvent, registeredAt),
    stored(stream, 2, { type: 'BuybackCheckedIn', data: { buybackId: id, warehouseId: 'wh-1' } } as DomainEvent, completedAt),
    stored(stream, 3, { type: 'BuybackCompletedByPrice', data: { buybackId: id, controlledPrice: price, validatedPrice: price, comment: null } } as DomainEvent, completedAt),
    stored(`payment-${id}`, 0, { type: 'PaymentCreated', data: { paymentId: id, buybackId: id, amount: price } } as unknown as DomainEvent, completedAt),
  ];
}

async function project(batches: StoredEvent[][]) {
  const documents = new SqliteDocumentStore({ path: ':memory:' });
  for (const batch of batches) {
    const workingSet = new WorkingSet(statisticsProjection);
    await evolveDocuments(documents, STATISTICS_COLLECTION, statisticsProjection, workingSet, batch);
    await writeAll(documents, workingSet.takeWrites());
  }
  const all = await documents.collection(STATISTICS_COLLECTION).find({});
  await documents.close();
  return all.map(({ _applied, ...rest }) => rest).sort((a, b) => a._id.localeCompare(b._id));
}

describe('the statistics projection', () => {
  const events = [...completedBuyback('b1', '2026-11-10T09:00:00.000Z', '2026-11-11T09:00:00.000Z'), ...completedBuyback('b2', '2026-11-08T22:00:00.000Z', '2026-11-12T10:00:00.000Z')];

  it('Given two buybacks completed in W46, one registered in W45, Then each week counts what happened in it', async () => {
    const documents = await project([events]);
    const week = (w: string, scope = 'account') => documents.find((d) => d._id === statisticsIds.week(ACCOUNT, w, scope as 'account'))?.figures;
    expect(week('2026-W45')).toMatchObject({ created: 1, store: { [STORE]: { created: 1 } } });
    expect(week('2026-W46')).toMatchObject({ created: 1, completed: 2, paid: { EUR: { count: 2, amountInCents: 24_600 } }, category: { 'cat-1': { created: 1, completed: 2 } } });
    expect(week('2026-W46', `store:${STORE}`)).toEqual(week('2026-W46'));
    expect(Object.values((week('2026-W46') as { completionMinutes?: Record<string, number> } | undefined)?.completionMinutes ?? {}).reduce((s, n) => s + n, 0)).toBe(2);
  });

  it('Given every event delivered twice, in any batches, Then the same documents', async () => {
    const once = await project([events]);
    const twice = events.flatMap((event) => [event, event]);
    expect(await project([twice])).toEqual(once);
    expect(await project(twice.map((event) => [event]))).toEqual(once);
    expect(await project([events.slice(0, 4), events, events.slice(3)])).toEqual(once);
  });
});
