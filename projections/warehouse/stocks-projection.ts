import type { Projection } from '../../application/ports/projection.js';
import { domainTypeOf, toDomainEvent } from '../../application/events/codec.js';
import type { OrganizationRegistered } from '../../domain/organizations/events.js';
import { ITEM_EVENT_TYPES, type ItemEvent, type StockChange } from '../../domain/warehouse/items/events.js';
import { NATIVE_STOCK_KINDS, nativeKindOf, nativeStockId } from '../../domain/warehouse/stocks/native-stocks.js';
import { STOCK_EVENT_TYPES, type StockEvent } from '../../domain/warehouse/stocks/stocks.js';
import { WAREHOUSE_COLLECTIONS, type StockDocument } from '../../application/warehouse/read-models.js';

type Handled = OrganizationRegistered | StockEvent | ItemEvent;

const ITEM_TYPES = new Set<string>(ITEM_EVENT_TYPES);

/**
 * The stocks of every warehouse, with what each holds: its native stocks
 * appear with the warehouse, its own with their events, and every item event
 * that moves an item between stocks counts it out of one and into the other,
 * with its reception time, so the list's quantity and average age are read
 * from one document per stock.
 */
export const stocksProjection: Projection<StockDocument> = {
  name: 'stocks',
  collection: WAREHOUSE_COLLECTIONS.stocks,
  indexes: [{ name: 'by_account_warehouse', fields: [['accountId', 1], ['warehouseId', 1], ['kind', 1], ['nameKey', 1]] }],
  eventTypes: ['OrganizationRegistered', ...STOCK_EVENT_TYPES, ...ITEM_EVENT_TYPES],
  targets(stored) {
    const type = domainTypeOf(stored);
    if (type === 'OrganizationRegistered') {
      const data = stored.data as Pick<OrganizationRegistered['data'], 'type' | 'organizationId'>;
      return data.type === 'warehouse' ? NATIVE_STOCK_KINDS.map((kind) => nativeStockId(data.organizationId, kind)) : [];
    }
    if (ITEM_TYPES.has(type)) {
      const change = (stored.data as { stock?: StockChange }).stock;
      if (!change || change.fromStockId === change.toStockId) return [];
      return [change.fromStockId, change.toStockId].filter((id): id is string => id !== null);
    }
    return [(stored.data as StockEvent['data']).stockId];
  },
  evolve(document, stored, id) {
    const event = toDomainEvent<Handled>(stored);
    const at = stored.metadata.occurredAt;
    switch (event.type) {
      case 'OrganizationRegistered': {
        if (document) return document;
        const warehouseId = event.data.organizationId;
        return { ...emptyStock(id, event.data.accountId, warehouseId, at), kind: nativeKindOf(warehouseId, id) };
      }
      case 'StockCreated':
        return {
          ...emptyStock(id, stored.metadata.accountId, event.data.warehouseId, at),
          ...fieldsOf(event.data),
          revision: stored.streamRevision,
        };
      case 'StockUpdated':
        return document && { ...document, ...fieldsOf(event.data), updatedAt: at, revision: stored.streamRevision };
      case 'StockDeleted':
        // Kept as a tombstone: a document deleted outright would lose its applied revisions, and a
        // second delivery of the stock's creation would bring it back.
        return document && { ...document, deletedAt: at, updatedAt: at, revision: stored.streamRevision };
      default:
        return document && counted(document, id, event.data as { stock: StockChange });
    }
  },
};

function emptyStock(id: string, accountId: string, warehouseId: string, at: string): StockDocument {
  return {
    _id: id,
    accountId,
    warehouseId,
    kind: null,
    name: null,
    nameKey: null,
    identifier: null,
    location: null,
    quantity: 0,
    receivedAtMinutesSum: 0,
    createdAt: at,
    updatedAt: at,
    deletedAt: null,
    revision: -1,
  };
}

function fieldsOf(data: { name: string; identifier: string | null; location: string | null }): Partial<StockDocument> {
  return { name: data.name, nameKey: data.name.toLowerCase(), identifier: data.identifier, location: data.location };
}

/** One item out of this stock, or into it. */
function counted(document: StockDocument, id: string, { stock }: { stock: StockChange }): StockDocument {
  const minutes = stock.receivedAt === null ? 0 : Math.round(Date.parse(stock.receivedAt) / 60_000);
  const sign = stock.toStockId === id ? 1 : -1;
  return {
    ...document,
    quantity: document.quantity + sign,
    receivedAtMinutesSum: document.receivedAtMinutesSum + sign * minutes,
  };
}
