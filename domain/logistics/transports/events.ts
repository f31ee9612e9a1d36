import type { DeliveryStatus } from '../../values/delivery-status.js';

/**
 * A transport: one parcel a carrier carries under its label (a store's
 * package to a warehouse, a web customer's parcel to a warehouse, a device
 * sent back to its customer). Its label is made asynchronously: the carrier
 * is asked for a shipment, then for its label, retried with a growing delay
 * when it fails (its attempts are events: auditable, and the queue survives a
 * restart). The addresses are not in the events: they are read when the
 * label is made (a customer's stay sealed in their buyback).
 */
export const TRANSPORT_KINDS = ['package', 'customer', 'return'] as const;
export type TransportKind = (typeof TRANSPORT_KINDS)[number];

/** Who a label is from or to: an organization (a store, a warehouse) or a buyback's customer. */
export type TransportParty = { type: 'organization'; organizationId: string } | { type: 'customer'; buybackId: string };

/** The carrier's shipment (application/ports/transport.ts `Shipment`). */
export interface CarrierShipment {
  shipmentId: string;
  trackingNumber: string;
  trackingLink: string | null;
  carrier: string;
}

export interface TransportRequested {
  type: 'TransportRequested';
  data: {
    transportId: string;
    kind: TransportKind;
    /** Printed on the label and given to the carrier: a package's number, a buyback's 13-digit code. */
    reference: string;
    accountId: string;
    from: TransportParty;
    to: TransportParty;
    packageId: string | null;
    buybackIds: string[];
    /** The buybacks' 13-digit codes, in the same order. */
    identificationNumbers: string[];
    weightGrams: number;
    /** One line per device, as printed on the label. */
    contents: string[];
  };
}

/** The carrier gave the shipment its tracking number; the label may still be in the making. */
export interface TransportShipmentCreated {
  type: 'TransportShipmentCreated';
  data: { transportId: string; shipment: CarrierShipment };
}

export interface TransportLabelReady {
  type: 'TransportLabelReady';
  data: { transportId: string };
}

/** An attempt failed (the carrier unreachable, or its label not ready yet): tried again at `retryAt`. */
export interface TransportLabelAttemptFailed {
  type: 'TransportLabelAttemptFailed';
  data: { transportId: string; attempt: number; error: string; retryAt: string };
}

/** The carrier refused, or every attempt failed: no more tries until someone asks again. */
export interface TransportLabelFailed {
  type: 'TransportLabelFailed';
  data: { transportId: string; attempt: number; error: string };
}

/** Someone asked for another try after a failure. */
export interface TransportLabelRetried {
  type: 'TransportLabelRetried';
  data: { transportId: string };
}

export interface TransportDeliveryStatusChanged {
  type: 'TransportDeliveryStatusChanged';
  data: { transportId: string; status: DeliveryStatus; occurredAt: string; carrierEventId: string };
}

/**
 * A carrier's report received and not applied: dated before the latest one
 * applied (`older_than_latest`), or of a status the transport is already
 * past by the carrier contract's order (`not_forward`, delivery-order.ts).
 * Kept so that the transport's history shows what the carrier said; its
 * package and buybacks do not hear of it.
 */
export interface TransportDeliveryReportSetAside {
  type: 'TransportDeliveryReportSetAside';
  data: {
    transportId: string;
    status: DeliveryStatus;
    occurredAt: string;
    carrierEventId: string;
    reason: DeliveryReportSetAsideReason;
    /** The transport's status when it came. */
    currentStatus: DeliveryStatus;
  };
}

export const DELIVERY_REPORT_SET_ASIDE_REASONS = ['older_than_latest', 'not_forward'] as const;
export type DeliveryReportSetAsideReason = (typeof DELIVERY_REPORT_SET_ASIDE_REASONS)[number];

export type TransportEvent =
  | TransportRequested
  | TransportShipmentCreated
  | TransportLabelReady
  | TransportLabelAttemptFailed
  | TransportLabelFailed
  | TransportLabelRetried
  | TransportDeliveryStatusChanged
  | TransportDeliveryReportSetAside;

export const TRANSPORT_EVENT_TYPES = [
  'TransportRequested',
  'TransportShipmentCreated',
  'TransportLabelReady',
  'TransportLabelAttemptFailed',
  'TransportLabelFailed',
  'TransportLabelRetried',
  'TransportDeliveryStatusChanged',
  'TransportDeliveryReportSetAside',
] as const satisfies ReadonlyArray<TransportEvent['type']>;
