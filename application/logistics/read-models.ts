import type { DeliveryStatus } from '../../domain/values/delivery-status.js';
import type { LabelMode, PackedBuyback } from '../../domain/logistics/packages/events.js';
import type { PackageStatus } from '../../domain/logistics/packages/state.js';
import type { DeliveryReportSetAsideReason, TransportKind, TransportParty } from '../../domain/logistics/transports/events.js';
import type { LabelStatus } from '../../domain/logistics/transports/transport.js';
import type { DispatchRule } from '../../domain/logistics/dispatch/rules.js';

export const LOGISTICS_COLLECTIONS = {
  packages: 'packages',
  transports: 'transports',
  dispatchRules: 'dispatch_rules',
} as const;

/** One per package: the expedition screens, its label, its delivery. */
export interface PackageDocument {
  _id: string;
  accountId: string;
  number: string;
  storeId: string;
  warehouseId: string;
  labelMode: LabelMode;
  status: PackageStatus;
  buybacks: PackedBuyback[];
  /** A scalar copy of the content's size, for lists. */
  buybackCount: number;
  weightGrams: number;
  transportId: string | null;
  label: { carrier: string; trackingNumber: string; trackingLink: string | null } | null;
  deliveryStatus: DeliveryStatus | null;
  createdAt: string;
  createdBy: string | null;
  closedAt: string | null;
  updatedAt: string;
  revision: number;
  [key: string]: unknown;
}

/**
 * One per transport: the transports list, and the label queue (a label
 * `pending` whose `nextAttemptAt` has come is the label worker's to make).
 */
export interface TransportDocument {
  _id: string;
  accountId: string;
  kind: TransportKind;
  reference: string;
  packageId: string | null;
  buybackIds: string[];
  /** The buybacks' 13-digit codes, for the list and its filter. */
  identificationNumbers: string[];
  /** A scalar: the first buyback's code (the list's "buyback number" for a single-device transport, and its sort). */
  firstIdentificationNumber: string | null;
  from: TransportParty;
  to: TransportParty;
  /** The store it leaves from (a package's), the warehouse it goes to or leaves (scalars: who may see it). */
  storeId: string | null;
  warehouseId: string | null;
  weightGrams: number;
  carrier: string | null;
  trackingNumber: string | null;
  trackingLink: string | null;
  labelStatus: LabelStatus;
  attempts: number;
  lastError: string | null;
  /** When the worker should try next (pending labels only; null otherwise). */
  nextAttemptAt: string | null;
  deliveryStatus: DeliveryStatus | null;
  deliveryAt: string | null;
  /**
   * The carrier's reports, applied or set aside (a status the transport was
   * past, or older than the latest applied), oldest first; the latest
   * MAX_KEPT_DELIVERY_REPORTS (the events keep them all). Absent on a
   * document projected before they were kept: read as none.
   */
  deliveryReports?: DeliveryReportEntry[];
  createdAt: string;
  updatedAt: string;
  revision: number;
  [key: string]: unknown;
}

/** A carrier's report as the transport's history shows it: what it said, when, and whether it was applied. */
export interface DeliveryReportEntry {
  status: DeliveryStatus;
  occurredAt: string;
  /** When the platform recorded it. */
  receivedAt: string;
  applied: boolean;
  reason: DeliveryReportSetAsideReason | null;
}

/** A parcel has a few dozen reports at most: a longer history keeps its latest. */
export const MAX_KEPT_DELIVERY_REPORTS = 50;

/** One per account: its rules in order, and its default warehouse. */
export interface DispatchRulesDocument {
  _id: string;
  accountId: string;
  rules: DispatchRule[];
  defaultWarehouseId: string | null;
  updatedAt: string | null;
  revision: number;
  [key: string]: unknown;
}
