/**
 * The package's events (a store's parcel to a warehouse). Past tense; the
 * machine's events. Each carries `packageId`.
 */
import type { DeliveryStatus } from '../../values/delivery-status.js';

/** How a package travels: under a carrier's label, or collected by the retailer's own transport (no label). */
export const LABEL_MODES = ['with_label', 'without_label'] as const;
export type LabelMode = (typeof LABEL_MODES)[number];

export { DELIVERY_STATUSES, deliveryEffect, type DeliveryEffect, type DeliveryStatus } from '../../values/delivery-status.js';

/** A device in a package, as the store scanned it. */
export interface PackedBuyback {
  buybackId: string;
  identificationNumber: string;
  productLabel: string;
  /** From the product, else its category, else the platform's default (docs/specification-readings.md). */
  weightGrams: number;
}

export interface PackageOpened {
  type: 'PackageOpened';
  data: {
    packageId: string;
    /** What people read and scan: "P" and 9 digits, unique in the platform. */
    number: string;
    accountId: string;
    storeId: string;
    warehouseId: string;
    labelMode: LabelMode;
  };
}

export interface PackageBuybackAdded {
  type: 'PackageBuybackAdded';
  data: { packageId: string; buyback: PackedBuyback };
}

export interface PackageBuybackRemoved {
  type: 'PackageBuybackRemoved';
  data: { packageId: string; buybackId: string };
}

/**
 * Why a device left an open package for the warehouse without travelling in
 * it: the warehouse operator confirmed they hold it at check-in
 * (`received_at_check_in`), or the package's close found it already received
 * there (`BB_ALREADY_AT_WAREHOUSE`: the close does not ship it).
 */
export const WAREHOUSE_RECEIPT_REASONS = ['received_at_check_in', 'BB_ALREADY_AT_WAREHOUSE'] as const;
export type WarehouseReceiptReason = (typeof WAREHOUSE_RECEIPT_REASONS)[number];

/** The warehouse holds a device this open package listed: it is no longer in it (never shipped in it). */
export interface PackageBuybackReceivedAtWarehouse {
  type: 'PackageBuybackReceivedAtWarehouse';
  data: { packageId: string; buybackId: string; identificationNumber: string; warehouseId: string; reason: WarehouseReceiptReason };
}

/** Everything taken out at once (the expedition list cleared); the package stays open, empty. */
export interface PackageCleared {
  type: 'PackageCleared';
  data: { packageId: string; buybackIds: string[] };
}

/** An open package abandoned: its devices are free to go in another. */
export interface PackageDiscarded {
  type: 'PackageDiscarded';
  data: { packageId: string; buybackIds: string[] };
}

/** Confirmed and irreversible: its content is fixed, its buybacks are shipped, its label (if any) is asked for. */
export interface PackageClosed {
  type: 'PackageClosed';
  data: { packageId: string; buybackIds: string[]; weightGrams: number; labelMode: LabelMode };
}

export interface PackageLabelReady {
  type: 'PackageLabelReady';
  data: { packageId: string; transportId: string; carrier: string; trackingNumber: string; trackingLink: string | null };
}

export interface PackageDeliveryStatusChanged {
  type: 'PackageDeliveryStatusChanged';
  data: { packageId: string; status: DeliveryStatus; occurredAt: string; transportId: string };
}

export type PackageEvent =
  | PackageOpened
  | PackageBuybackAdded
  | PackageBuybackRemoved
  | PackageBuybackReceivedAtWarehouse
  | PackageCleared
  | PackageDiscarded
  | PackageClosed
  | PackageLabelReady
  | PackageDeliveryStatusChanged;

export const PACKAGE_EVENT_TYPES = [
  'PackageOpened',
  'PackageBuybackAdded',
  'PackageBuybackRemoved',
  'PackageBuybackReceivedAtWarehouse',
  'PackageCleared',
  'PackageDiscarded',
  'PackageClosed',
  'PackageLabelReady',
  'PackageDeliveryStatusChanged',
] as const satisfies ReadonlyArray<PackageEvent['type']>;
