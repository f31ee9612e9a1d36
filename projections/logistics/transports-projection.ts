import type { Projection } from '../../application/ports/projection.js';
import { toDomainEvent } from '../../application/events/codec.js';
import { NOT_READY } from '../../domain/logistics/transports/transport.js';
import { TRANSPORT_EVENT_TYPES, type TransportEvent } from '../../domain/logistics/transports/events.js';
import { LOGISTICS_COLLECTIONS, MAX_KEPT_DELIVERY_REPORTS, type DeliveryReportEntry, type TransportDocument } from '../../application/logistics/read-models.js';
import { LOGISTICS_STREAMS } from '../../application/logistics/streams.js';

/** The transports list, and the label queue: one document per transport. */
export const transportsProjection: Projection<TransportDocument> = {
  name: 'transports',
  collection: LOGISTICS_COLLECTIONS.transports,
  indexes: [
    { name: 'by_created', fields: [['createdAt', -1], ['_id', -1]] },
    { name: 'by_account_created', fields: [['accountId', 1], ['createdAt', -1], ['_id', -1]] },
    { name: 'by_account_store_created', fields: [['accountId', 1], ['storeId', 1], ['createdAt', -1], ['_id', -1]] },
    { name: 'by_account_warehouse_created', fields: [['accountId', 1], ['warehouseId', 1], ['createdAt', -1], ['_id', -1]] },
    // The label queue: what is due first.
    { name: 'by_label_due', fields: [['labelStatus', 1], ['nextAttemptAt', 1]] },
    { name: 'by_tracking_number', fields: [['trackingNumber', 1]] },
    { name: 'by_package', fields: [['packageId', 1]] },
    { name: 'by_first_buyback', fields: [['firstIdentificationNumber', 1]] },
  ],
  eventTypes: TRANSPORT_EVENT_TYPES,
  targets: (event) => [LOGISTICS_STREAMS.transport.idOf(event.streamName)],
  evolve(document, stored) {
    const event = toDomainEvent<TransportEvent>(stored);
    const at = stored.metadata.occurredAt;
    if (event.type === 'TransportRequested') {
      if (document) return document;
      const d = event.data;
      const codes = d.identificationNumbers;
      return {
        _id: d.transportId,
        accountId: d.accountId,
        kind: d.kind,
        reference: d.reference,
        packageId: d.packageId,
        buybackIds: d.buybackIds,
        identificationNumbers: codes,
        firstIdentificationNumber: codes[0] ?? null,
        from: d.from,
        to: d.to,
        storeId: d.kind === 'package' && d.from.type === 'organization' ? d.from.organizationId : null,
        warehouseId: d.to.type === 'organization' ? d.to.organizationId : d.from.type === 'organization' ? d.from.organizationId : null,
        weightGrams: d.weightGrams,
        carrier: null,
        trackingNumber: null,
        trackingLink: null,
        labelStatus: 'pending',
        attempts: 0,
        lastError: null,
        nextAttemptAt: at,
        deliveryStatus: null,
        deliveryAt: null,
        createdAt: at,
        updatedAt: at,
        revision: stored.streamRevision,
      };
    }
    if (document === null) return null;
    const next = { ...document, updatedAt: at, revision: stored.streamRevision };
    switch (event.type) {
      case 'TransportShipmentCreated': {
        const { carrier, trackingNumber, trackingLink } = event.data.shipment;
        return { ...next, carrier, trackingNumber, trackingLink };
      }
      case 'TransportLabelReady':
        return { ...next, labelStatus: 'ready', attempts: 0, lastError: null, nextAttemptAt: null };
      case 'TransportLabelAttemptFailed':
        return event.data.error === NOT_READY
          ? { ...next, nextAttemptAt: event.data.retryAt }
          : { ...next, attempts: event.data.attempt, lastError: event.data.error, nextAttemptAt: event.data.retryAt };
      case 'TransportLabelFailed':
        return { ...next, labelStatus: 'failed', attempts: event.data.attempt, lastError: event.data.error, nextAttemptAt: null };
      case 'TransportLabelRetried':
        return { ...next, labelStatus: 'pending', attempts: 0, lastError: null, nextAttemptAt: at };
      case 'TransportDeliveryStatusChanged': {
        const { status, occurredAt } = event.data;
        return { ...next, deliveryStatus: status, deliveryAt: occurredAt, deliveryReports: withReport(document, { status, occurredAt, receivedAt: at, applied: true, reason: null }) };
      }
      case 'TransportDeliveryReportSetAside': {
        const { status, occurredAt, reason } = event.data;
        return { ...next, deliveryReports: withReport(document, { status, occurredAt, receivedAt: at, applied: false, reason }) };
      }
      default: {
        const unknown: never = event;
        throw new Error(`Unhandled event ${JSON.stringify(unknown)}`);
      }
    }
  },
};

/** The transport's reports with one more, the oldest dropped past the bound. */
function withReport(document: TransportDocument, report: DeliveryReportEntry): DeliveryReportEntry[] {
  return [...(document.deliveryReports ?? []), report].slice(-MAX_KEPT_DELIVERY_REPORTS);
}
