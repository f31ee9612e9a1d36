import type { DeliveryStatus, LabelMode, PackedBuyback } from './events.js';

/**
 * A package's statuses (specification 001: "open, then closed"; our reading
 * of the rest in docs/specification-readings.md, the diagram in
 * docs/package-machine.md).
 */
export const PACKAGE_STATUSES = ['open', 'discarded', 'closed', 'label_ready', 'handed_to_carrier', 'delivered', 'carrier_failure'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

/** At most this many devices in one package: a parcel a person can carry, and a label's contents list. */
export const PACKAGE_MAX_BUYBACKS = 50;

export interface PackageLabel {
  transportId: string;
  carrier: string;
  trackingNumber: string;
  trackingLink: string | null;
}

/** What decisions need to know about a package; folded from its events by the machine. */
export interface PackageContext {
  packageId: string | null;
  number: string | null;
  accountId: string | null;
  storeId: string | null;
  warehouseId: string | null;
  labelMode: LabelMode | null;
  buybacks: PackedBuyback[];
  label: PackageLabel | null;
  deliveryStatus: DeliveryStatus | null;
  /** The carrier's time of the latest delivery event applied: an older one arriving late changes nothing. */
  deliveryAt: string | null;
}

export const EMPTY_PACKAGE: PackageContext = {
  packageId: null,
  number: null,
  accountId: null,
  storeId: null,
  warehouseId: null,
  labelMode: null,
  buybacks: [],
  label: null,
  deliveryStatus: null,
  deliveryAt: null,
};
