import type { Projection } from '../../application/ports/projection.js';
import { toDomainEvent } from '../../application/events/codec.js';
import { ITEM_EVENT_TYPES, type ItemEvent } from '../../domain/warehouse/items/events.js';
import { itemStatusAfter } from '../../domain/warehouse/items/machine.js';
import { WAREHOUSE_COLLECTIONS, type ItemHistoryDocument, type ItemHistoryEntry } from '../../application/warehouse/read-models.js';
import { WAREHOUSE_STREAMS } from '../../application/warehouse/streams.js';
import { sameJson } from '../shared/same-json.js';
import { ITEM_REFURB_STEP_EVENT_TYPES, REFURB_DIAGNOSIS_EVENT_TYPES, type RefurbDiagnosisEvent } from '../../domain/refurbishment/events.js';
import { withStepEntry } from './item-history-steps.js';

const DIAGNOSIS_TYPES = new Set<string>(REFURB_DIAGNOSIS_EVENT_TYPES);
const isDiagnosisEvent = (stored: { type: string }) => DIAGNOSIS_TYPES.has(stored.type.replace(/\.v\d+$/, ''));
const STEP_TYPES = new Set<string>(ITEM_REFURB_STEP_EVENT_TYPES);
const isStepEvent = (stored: { type: string }) => STEP_TYPES.has(stored.type.replace(/\.v\d+$/, ''));

/** The audit trail of an item, one entry per event, in order: every status and stock change, who, when, why, what changed. */
export const itemHistoryProjection: Projection<ItemHistoryDocument> = {
  name: 'item-history',
  collection: WAREHOUSE_COLLECTIONS.itemHistory,
  indexes: [{ name: 'by_account', fields: [['accountId', 1]] }],
  eventTypes: [...ITEM_EVENT_TYPES, ...REFURB_DIAGNOSIS_EVENT_TYPES, ...ITEM_REFURB_STEP_EVENT_TYPES],
  targets: (event) => (isDiagnosisEvent(event) || isStepEvent(event) ? [(event.data as { itemId: string }).itemId] : [WAREHOUSE_STREAMS.item.idOf(event.streamName)]),
  evolve(document, stored, id) {
    if (isDiagnosisEvent(stored)) return document === null ? null : withDiagnosisEntry(document, stored);
    if (isStepEvent(stored)) return document === null ? null : withStepEntry(document, stored);
    const event = toDomainEvent<ItemEvent>(stored);
    if (document === null && event.type !== 'ItemCreated') return null;
    const statusBefore = document?.status ?? null;
    const statusAfter = itemStatusAfter(statusBefore, event, document?.inWarehouse ?? false);
    const current = document?.current ?? {};
    const tracked = trackedValues(event);
    const changes: ItemHistoryEntry['changes'] = { status: { from: statusBefore, to: statusAfter } };
    for (const field in tracked) {
      const before = current[field] ?? null;
      if (!sameJson(before, tracked[field])) changes[field] = { from: before, to: tracked[field] };
    }
    const { reason, comment } = why(event);
    const entry: ItemHistoryEntry = {
      eventId: stored.id,
      revision: stored.streamRevision,
      type: event.type,
      at: stored.metadata.occurredAt,
      userId: stored.metadata.userId,
      organizationId: stored.metadata.organizationId,
      statusBefore,
      statusAfter,
      reason,
      comment,
      changes,
    };
    const stockId = 'stock' in event.data ? event.data.stock.toStockId : ((current.stockId as string | null | undefined) ?? null);
    return {
      _id: id,
      accountId: document?.accountId ?? stored.metadata.accountId,
      status: statusAfter,
      inWarehouse: stockId !== null,
      current: { ...current, ...tracked },
      entries: [...(document?.entries ?? []), entry],
    };
  },
};

/** The item's diagnosis started, each answer set saved, its finalize (the steps planned and the stock): the item's status does not change with them. */
function withDiagnosisEntry(document: ItemHistoryDocument, stored: Parameters<typeof toDomainEvent>[0]): ItemHistoryDocument {
  const event = toDomainEvent<RefurbDiagnosisEvent>(stored);
  const tracked: Record<string, unknown> =
    event.type === 'RefurbDiagnosisAnswered'
      ? { refurbAnswers: event.data.answers }
      : event.type === 'RefurbDiagnosisFinalized'
        ? { refurbPlannedSteps: event.data.plannedSteps.map((step) => ({ name: step.name, cost: step.cost })) }
        : {};
  const changes: ItemHistoryEntry['changes'] = {};
  for (const field in tracked) {
    const before = document.current[field] ?? null;
    if (!sameJson(before, tracked[field])) changes[field] = { from: before, to: tracked[field] };
  }
  const entry: ItemHistoryEntry = {
    eventId: stored.id,
    revision: stored.streamRevision,
    type: event.type,
    at: stored.metadata.occurredAt,
    userId: stored.metadata.userId,
    organizationId: stored.metadata.organizationId,
    statusBefore: document.status,
    statusAfter: document.status,
    reason: null,
    comment: null,
    changes,
  };
  return { ...document, current: { ...document.current, ...tracked }, entries: [...document.entries, entry] };
}

function why(event: ItemEvent): { reason: string | null; comment: string | null } {
  switch (event.type) {
    case 'ItemNewPriceProposed':
      return { reason: event.data.reason, comment: event.data.check?.comment ?? event.data.sharedComment };
    case 'ItemCompletedByPrice':
    case 'ItemCompletedWithAbsorption':
      return { reason: null, comment: event.data.check?.comment ?? null };
    case 'ItemCancelled':
      return { reason: event.data.reason, comment: event.data.comment };
    case 'ItemQuarantined':
      return { reason: event.data.reason, comment: event.data.comment };
    case 'ItemReleasedFromQuarantine':
    case 'ItemReturned':
      return { reason: null, comment: event.data.comment };
    case 'ItemLost':
      return { reason: event.data.place, comment: event.data.comment };
    case 'ItemMovedToStock':
      return { reason: null, comment: event.data.reason };
    case 'ItemDisputeMailSent':
      return { reason: event.data.failure, comment: null };
    default:
      return { reason: null, comment: null };
  }
}

/** The values each event sets, compared with the values before it. */
function trackedValues(event: ItemEvent): Record<string, unknown> {
  const stock = 'stock' in event.data ? { stockId: event.data.stock.toStockId } : {};
  switch (event.type) {
    case 'ItemCreated':
      return {
        purchasePrice: event.data.purchasePrice,
        warehouseId: event.data.warehouseId,
        storeId: event.data.storeId,
        productId: event.data.product.productId,
        imei: event.data.imei,
      };
    case 'ItemDroppedInStore':
      return { storeId: event.data.storeId };
    case 'ItemPurchasePriceCorrected':
      return { purchasePrice: event.data.purchasePrice };
    case 'ItemShipped':
      return { trackingNumber: event.data.trackingNumber, packageId: event.data.packageId };
    case 'ItemRegisteredInWarehouse':
      return { ...stock, warehouseId: event.data.warehouseId, receivedAt: event.data.stock.receivedAt };
    case 'ItemCompletedByPrice':
    case 'ItemCompletedWithAbsorption':
    case 'ItemNewPriceProposed': {
      const check = event.data.check;
      const found = check
        ? { productId: check.foundProduct.productId, imei: check.imei, serialNumber: check.serialNumber, grade: check.grade, controlledPrice: check.controlledPrice }
        : {};
      if (event.type === 'ItemNewPriceProposed') return { ...found, proposedPrice: event.data.proposedPrice };
      const absorbed = event.type === 'ItemCompletedWithAbsorption' ? { absorbedAmount: event.data.absorbedAmount } : {};
      return { ...stock, ...found, ...absorbed, validatedPrice: event.data.validatedPrice };
    }
    case 'ItemCompletedWithoutControl':
    case 'ItemCompletedWithNegotiation':
      return { ...stock, validatedPrice: event.data.validatedPrice };
    case 'ItemQuarantined':
      return { ...stock, quarantineReason: event.data.reason };
    case 'ItemReleasedFromQuarantine':
      return { ...stock, quarantineReason: null };
    case 'ItemDisputeMailSent':
      return { disputeMailDelivered: event.data.delivered };
    case 'ItemLost':
      return { ...stock, lostPlace: event.data.place };
    case 'ItemReturned':
      return { ...stock, returnTrackingNumber: event.data.trackingNumber };
    case 'ItemReceivedAfterCancellation':
      return { ...stock, receivedAt: event.data.stock.receivedAt };
    case 'ItemReceivedFromStore':
      // Received without a shipment (its store never shipped it): where, and the package it left, if any.
      return { ...stock, warehouseId: event.data.warehouseId, receivedAt: event.data.stock.receivedAt, packageId: event.data.packageId, packageNumber: event.data.packageNumber };
    case 'ItemReturnRequested':
    case 'ItemCancelled':
    case 'ItemMovedToStock':
    case 'ItemRefurbStarted':
    case 'ItemRefurbCompleted':
      return stock;
    case 'ItemRefurbDiagnosticStarted':
      return {};
    default: {
      const unknown: never = event;
      throw new Error(`Unhandled event ${JSON.stringify(unknown)}`);
    }
  }
}
