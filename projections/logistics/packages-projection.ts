import type { StoredEvent } from '../../application/ports/event-store.js';
import type { Projection } from '../../application/ports/projection.js';
import { toDomainEvent } from '../../application/events/codec.js';
import { PACKAGE_EVENT_TYPES, type PackageEvent } from '../../domain/logistics/packages/events.js';
import { packageStatusAfter } from '../../domain/logistics/packages/machine.js';
import { LOGISTICS_COLLECTIONS, type PackageDocument } from '../../application/logistics/read-models.js';
import { LOGISTICS_STREAMS } from '../../application/logistics/streams.js';

/** The expedition screens' packages: one document per package. */
export const packagesProjection: Projection<PackageDocument> = {
  name: 'packages',
  collection: LOGISTICS_COLLECTIONS.packages,
  // A store's packages, newest first (its open ones first of all); a warehouse's incoming ones; a number scanned.
  indexes: [
    { name: 'by_created', fields: [['createdAt', -1], ['_id', -1]] },
    { name: 'by_account_store_status_created', fields: [['accountId', 1], ['storeId', 1], ['status', 1], ['createdAt', -1], ['_id', -1]] },
    { name: 'by_account_store_created', fields: [['accountId', 1], ['storeId', 1], ['createdAt', -1], ['_id', -1]] },
    { name: 'by_account_warehouse_created', fields: [['accountId', 1], ['warehouseId', 1], ['createdAt', -1], ['_id', -1]] },
    { name: 'by_account_created', fields: [['accountId', 1], ['createdAt', -1], ['_id', -1]] },
    { name: 'by_number', fields: [['number', 1]], unique: true },
  ],
  eventTypes: PACKAGE_EVENT_TYPES,
  targets: (event) => [LOGISTICS_STREAMS.package.idOf(event.streamName)],
  evolve(document, stored) {
    const event = toDomainEvent<PackageEvent>(stored);
    if (event.type === 'PackageOpened') return document ?? opened(event.data, stored);
    if (document === null) return null;
    const at = stored.metadata.occurredAt;
    const next: PackageDocument = {
      ...document,
      status: packageStatusAfter(document.status, event, document.labelMode === 'with_label'),
      updatedAt: at,
      revision: stored.streamRevision,
    };
    switch (event.type) {
      case 'PackageBuybackAdded':
        return withBuybacks(next, [...document.buybacks, event.data.buyback]);
      case 'PackageBuybackRemoved':
      case 'PackageBuybackReceivedAtWarehouse':
        return withBuybacks(next, document.buybacks.filter((b) => b.buybackId !== event.data.buybackId));
      case 'PackageCleared':
      case 'PackageDiscarded':
        return withBuybacks(next, []);
      case 'PackageClosed':
        return { ...next, closedAt: at, weightGrams: event.data.weightGrams };
      case 'PackageLabelReady':
        return {
          ...next,
          transportId: event.data.transportId,
          label: { carrier: event.data.carrier, trackingNumber: event.data.trackingNumber, trackingLink: event.data.trackingLink },
        };
      case 'PackageDeliveryStatusChanged':
        return { ...next, deliveryStatus: event.data.status };
      default: {
        const unknown: never = event;
        throw new Error(`Unhandled event ${JSON.stringify(unknown)}`);
      }
    }
  },
};

function withBuybacks(document: PackageDocument, buybacks: PackageDocument['buybacks']): PackageDocument {
  return { ...document, buybacks, buybackCount: buybacks.length, weightGrams: buybacks.reduce((total, b) => total + b.weightGrams, 0) };
}

function opened(data: Extract<PackageEvent, { type: 'PackageOpened' }>['data'], stored: StoredEvent): PackageDocument {
  const at = stored.metadata.occurredAt;
  return {
    _id: data.packageId,
    accountId: data.accountId,
    number: data.number,
    storeId: data.storeId,
    warehouseId: data.warehouseId,
    labelMode: data.labelMode,
    status: 'open',
    buybacks: [],
    buybackCount: 0,
    weightGrams: 0,
    transportId: null,
    label: null,
    deliveryStatus: null,
    createdAt: at,
    createdBy: stored.metadata.userId,
    closedAt: null,
    updatedAt: at,
    revision: stored.streamRevision,
  };
}
