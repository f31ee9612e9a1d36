import type { StoredEvent } from '../../application/ports/event-store.js';
import type { Projection } from '../../application/ports/projection.js';
import { domainTypeOf, toDomainEvent } from '../../application/events/codec.js';
import { BUYBACK_STREAMS } from '../../application/buybacks/streams.js';
import { WAREHOUSE_STREAMS } from '../../application/warehouse/streams.js';
import { STATISTICS_COLLECTION, statisticsIds, type StatisticsDocument } from '../../application/settings/statistics/read-models.js';
import { BUYBACK_EVENT_TYPES, type BuybackEvent } from '../../domain/buybacks/events.js';
import type { CartEvent } from '../../domain/buybacks/cart.js';
import { statePathAfter, statusOfPath } from '../../domain/buybacks/machine.js';
import { COMPLETED_STATUSES } from '../../domain/buybacks/state.js';
import type { PaymentCreated } from '../../domain/payments/events.js';
import { ITEM_EVENT_TYPES, type ItemEvent } from '../../domain/warehouse/items/events.js';
import { itemStatusAfter } from '../../domain/warehouse/items/machine.js';
import type { BuybackFact, CartFact, ItemFact } from '../../domain/settings/statistics/facts.js';
import { statisticsTotals } from './statistics-totals.js';

/**
 * The weekly statistics (issue 23): one fact per buyback, item and kept cart,
 * folded from their events, and the totals kept over the facts
 * (statistics-totals.ts), which GET /dashboard-data reads. The buyback's
 * payment gives it the amount paid (PaymentCreated names its buyback).
 */
const BUYBACK_TYPES = new Set<string>(BUYBACK_EVENT_TYPES);
const ITEM_TYPES = new Set<string>(ITEM_EVENT_TYPES);
const CART_TYPES = new Set<string>(['CartCreated', 'CartCheckedOut']);

export const statisticsProjection: Projection<StatisticsDocument> = {
  name: 'settings-statistics',
  collection: STATISTICS_COLLECTION,
  indexes: [],
  eventTypes: [...BUYBACK_EVENT_TYPES, ...ITEM_EVENT_TYPES, ...CART_TYPES, 'PaymentCreated'],
  targets(stored) {
    const type = domainTypeOf(stored);
    if (BUYBACK_TYPES.has(type)) return [statisticsIds.buyback(BUYBACK_STREAMS.buyback.idOf(stored.streamName))];
    if (ITEM_TYPES.has(type)) return [statisticsIds.item(WAREHOUSE_STREAMS.item.idOf(stored.streamName))];
    if (CART_TYPES.has(type)) return [statisticsIds.cart(BUYBACK_STREAMS.cart.idOf(stored.streamName))];
    return [statisticsIds.buyback((stored.data as PaymentCreated['data']).buybackId)];
  },
  evolve(document, stored) {
    const type = domainTypeOf(stored);
    if (BUYBACK_TYPES.has(type)) return buybackFact(document as BuybackFact | null, stored) as StatisticsDocument | null;
    if (ITEM_TYPES.has(type)) return itemFact(document as ItemFact | null, stored) as StatisticsDocument | null;
    if (CART_TYPES.has(type)) return cartFact(document as CartFact | null, stored) as StatisticsDocument | null;
    const paid = toDomainEvent<PaymentCreated>(stored).data.amount;
    return document && { ...document, paid };
  },
  totals: statisticsTotals,
};

function buybackFact(fact: BuybackFact | null, stored: StoredEvent): BuybackFact | null {
  const event = toDomainEvent<BuybackEvent>(stored);
  const at = stored.metadata.occurredAt;
  if (event.type === 'BuybackRegistered') {
    if (fact) return fact;
    const data = event.data;
    return {
      kind: 'buyback',
      accountId: stored.metadata.accountId,
      channel: data.channel,
      storeId: data.storeId,
      warehouseId: data.warehouseId,
      buyerId: data.buyerId,
      categoryId: data.product.categoryId,
      createdAt: at,
      statePath: statePathAfter(null, event),
      completedAt: null,
      cancelledAt: null,
      paid: null,
    };
  }
  if (!fact) return null;
  const statePath = statePathAfter(fact.statePath, event);
  const status = statusOfPath(statePath);
  const storeId = event.type === 'BuybackFinalizedInStore' ? event.data.storeId : fact.storeId;
  return {
    ...fact,
    statePath,
    storeId,
    completedAt: fact.completedAt ?? (COMPLETED_STATUSES.includes(status) ? at : null),
    cancelledAt: fact.cancelledAt ?? (status === 'bb_cancelled' ? at : null),
  };
}

function itemFact(fact: ItemFact | null, stored: StoredEvent): ItemFact | null {
  const event = toDomainEvent<ItemEvent>(stored);
  const at = stored.metadata.occurredAt;
  if (event.type === 'ItemCreated') {
    if (fact) return fact;
    return {
      kind: 'item',
      accountId: stored.metadata.accountId,
      storeId: event.data.storeId,
      warehouseId: event.data.warehouseId,
      buyerId: event.data.buyerId,
      status: itemStatusAfter(null, event, false),
      inStock: false,
      statusSince: at,
    };
  }
  if (!fact) return null;
  const status = itemStatusAfter(fact.status, event, fact.inStock);
  const inStock = 'stock' in event.data ? event.data.stock.toStockId !== null : fact.inStock;
  return { ...fact, status, inStock, statusSince: status === fact.status ? fact.statusSince : at };
}

function cartFact(fact: CartFact | null, stored: StoredEvent): CartFact | null {
  const event = toDomainEvent<CartEvent>(stored);
  if (event.type === 'CartCreated') {
    if (fact) return fact;
    return {
      kind: 'cart',
      accountId: stored.metadata.accountId,
      channel: event.data.channel,
      storeId: event.data.storeId,
      createdAt: stored.metadata.occurredAt,
      devices: event.data.items.length,
      convertedDevices: 0,
    };
  }
  return fact && { ...fact, convertedDevices: event.data.buybackIds.length };
}
