import type { StoredEvent } from '../../application/ports/event-store.js';
import type { Projection } from '../../application/ports/projection.js';
import type { Money } from '../../domain/shared/money.js';
import { toDomainEvent } from '../../application/events/codec.js';
import { ITEM_EVENT_TYPES, type ComplianceCheckResult, type ItemEvent } from '../../domain/warehouse/items/events.js';
import { itemStatusAfter } from '../../domain/warehouse/items/machine.js';
import { WAREHOUSE_COLLECTIONS, type ItemDocument } from '../../application/warehouse/read-models.js';
import { WAREHOUSE_STREAMS } from '../../application/warehouse/streams.js';
import { ITEM_LIST_INDEXES } from '../../application/warehouse/item-list-read-model.js';
import { ECONOMICS_EVENT_TYPES, NO_ECONOMICS, economicsTarget, evolveEconomics, isEconomicsEvent, withEconomics } from '../refurbishment/economics-projection.js';

/** The items list and detail: one document per item. */
export const itemsProjection: Projection<ItemDocument> = {
  name: 'items',
  collection: WAREHOUSE_COLLECTIONS.items,
  indexes: [
    // The list's (application/warehouse/item-list-read-model.ts), led by the tenant; platform staff read across tenants by reception.
    ...ITEM_LIST_INDEXES,
    { name: 'by_received', fields: [['receivedAt', -1], ['_id', -1]] },
    // Check-in and the check find an item by its code, its short code, its IMEI, or its buyback.
    { name: 'by_identification_number', fields: [['identificationNumber', 1]] },
    { name: 'by_short_code', fields: [['shortCode', 1]] },
    { name: 'by_imei', fields: [['imei', 1]] },
    { name: 'by_buyback', fields: [['buybackId', 1]], unique: true },
  ],
  // The item's refurbishment economics too (its steps' costs and its target resale price): the list sorts by margin.
  eventTypes: [...ITEM_EVENT_TYPES, ...ECONOMICS_EVENT_TYPES],
  targets: (event) => [isEconomicsEvent(event) ? economicsTarget(event) : WAREHOUSE_STREAMS.item.idOf(event.streamName)],
  evolve(document, stored) {
    if (isEconomicsEvent(stored)) return document && evolveEconomics(document, stored);
    const event = toDomainEvent<ItemEvent>(stored);
    const at = stored.metadata.occurredAt;
    if (event.type === 'ItemCreated') return document ?? created(event.data, stored);
    if (document === null) return null;
    const status = itemStatusAfter(document.status, event, document.stockId !== null);
    const stock = 'stock' in event.data ? { stockId: event.data.stock.toStockId, receivedAt: event.data.stock.receivedAt } : {};
    return withEconomics({
      ...document,
      ...stock,
      status,
      statusSince: status === document.status ? document.statusSince : at,
      updatedAt: at,
      revision: stored.streamRevision,
      ...changesOf(event, document, at, stored.metadata.userId),
    });
  },
};

function created(data: Extract<ItemEvent, { type: 'ItemCreated' }>['data'], stored: StoredEvent): ItemDocument {
  const at = stored.metadata.occurredAt;
  return {
    _id: data.itemId,
    accountId: stored.metadata.accountId,
    buybackId: data.buybackId,
    identificationNumber: data.identificationNumber,
    shortCode: data.shortCode,
    status: itemStatusAfter(null, { type: 'ItemCreated', data }, false),
    completion: null,
    storeId: data.storeId,
    warehouseId: data.warehouseId,
    buyerId: data.buyerId,
    stockId: null,
    product: data.product,
    brandKey: data.product.brand.toLowerCase(),
    imei: data.imei,
    serialNumber: null,
    purchasePrice: data.purchasePrice,
    validatedPrice: null,
    proposedPrice: null,
    ...NO_ECONOMICS,
    receivedAt: null,
    statusSince: at,
    check: null,
    quarantine: null,
    disputeMail: null,
    lost: null,
    returned: null,
    createdAt: at,
    updatedAt: at,
    revision: stored.streamRevision,
  };
}

/** The fields an event changes besides the status, the stock, the dates and the revision. */
function changesOf(event: Exclude<ItemEvent, { type: 'ItemCreated' }>, document: ItemDocument, at: string, by: string | null): Partial<ItemDocument> {
  switch (event.type) {
    case 'ItemDroppedInStore':
      return { storeId: event.data.storeId };
    // Its buyback's answers corrected before it reached the warehouse: the price expected to be paid follows.
    case 'ItemPurchasePriceCorrected':
      return { purchasePrice: event.data.purchasePrice };
    case 'ItemShipped':
    case 'ItemRegisteredInWarehouse':
    case 'ItemMovedToStock':
    case 'ItemRefurbDiagnosticStarted':
    case 'ItemRefurbStarted':
    case 'ItemRefurbCompleted':
      return {};
    // Completed: the purchase price is what the customer is finally paid (the validated price: the declared one, absorbed
    // deviation included, or the new price they accepted). The payment mode's bonus or malus comes with the payments part.
    case 'ItemCompletedByPrice':
      return { completion: 'by_price', ...paid(event.data.validatedPrice), ...checkOf(event.data.check, at, by, document) };
    case 'ItemCompletedWithAbsorption':
      return { completion: 'with_absorption', ...paid(event.data.validatedPrice), ...checkOf(event.data.check, at, by, document) };
    case 'ItemCompletedWithoutControl':
      return { completion: 'without_control', ...paid(event.data.validatedPrice) };
    case 'ItemCompletedWithNegotiation':
      return { completion: 'with_negociation', ...paid(event.data.validatedPrice) };
    case 'ItemNewPriceProposed':
      return { proposedPrice: event.data.proposedPrice, ...checkOf(event.data.check, at, by, document) };
    case 'ItemReturnRequested':
    case 'ItemCancelled':
      return {};
    case 'ItemReceivedAfterCancellation':
    case 'ItemReceivedFromStore':
      return { warehouseId: event.data.warehouseId };
    case 'ItemReturned':
      return { returned: { trackingNumber: event.data.trackingNumber, comment: event.data.comment, at } };
    case 'ItemQuarantined':
      return {
        quarantine: { reason: event.data.reason, comment: event.data.comment, since: at, by },
        disputeMail: null,
        ...checkOf(event.data.check, at, by, document),
      };
    case 'ItemDisputeMailSent':
      return { disputeMail: { delivered: event.data.delivered, failure: event.data.failure, at, by } };
    case 'ItemReleasedFromQuarantine':
      return { quarantine: null };
    case 'ItemLost':
      return { lost: { place: event.data.place, comment: event.data.comment, at, by } };
    default: {
      const unknown: never = event;
      throw new Error(`Unhandled event ${JSON.stringify(unknown)}`);
    }
  }
}

/** The price validated at completion, which becomes the purchase price (the stock's value, its sort, its export). */
function paid(validatedPrice: Money): Pick<ItemDocument, 'purchasePrice' | 'validatedPrice'> {
  return { purchasePrice: validatedPrice, validatedPrice };
}

/** The check's findings, when the event carries them: the device found (model, IMEI, serial number) is the item from then on. */
function checkOf(check: ComplianceCheckResult | null, at: string, by: string | null, document: ItemDocument): Partial<ItemDocument> {
  if (!check) return {};
  return {
    check: { ...check, at, by },
    product: check.foundProduct,
    brandKey: check.foundProduct.brand.toLowerCase(),
    imei: check.imei ?? document.imei,
    serialNumber: check.serialNumber ?? document.serialNumber,
  };
}
