import type { Money } from '../../shared/money.js';
import type { AbsorptionRule } from '../../buybacks/absorption.js';
import type { DeclarationResponse, DeclaredProduct } from '../../buybacks/events.js';
import type { ProductState } from '../../catalog/estimate.js';

/**
 * Item domain events: the device itself, from its buyback's registration to
 * a stock, its return to the customer, or its loss. Every status and stock
 * change is one of these; with the metadata the store adds (who, when) they
 * are the item's history. Stored as `Item….v1`.
 */

/** What the item waits for when it is created, from its buyback's circuit (see docs/specification-readings.md). */
export const ITEM_AWAITING = ['customer_shipment', 'store_drop', 'store_shipment'] as const;
export type ItemAwaiting = (typeof ITEM_AWAITING)[number];

export const LOST_PLACES = ['store', 'transport', 'warehouse'] as const;
export type LostPlace = (typeof LOST_PLACES)[number];

/** Why a device is held in quarantine (our list; the specification names none). */
export const QUARANTINE_REASONS = [
  'imei_reported_stolen',
  'account_lock_active',
  'counterfeit',
  'customer_data_not_wiped',
  'other',
] as const;
export type QuarantineReason = (typeof QUARANTINE_REASONS)[number];

/**
 * Where the item physically is before and after an event: the stock it
 * leaves and the stock it enters (null: outside any stock of the warehouse),
 * with the moment it was received at the warehouse, so that a stock's
 * average age is kept without reading the item again.
 */
export interface StockChange {
  fromStockId: string | null;
  toStockId: string | null;
  /** When the item was registered at the warehouse (UTC ISO-8601), null before. */
  receivedAt: string | null;
}

/** What the compliance check found, kept on the item (its "compliance check" and "diagnosis" tabs). */
export interface ComplianceCheckResult {
  /** The product the customer declared. */
  declaredProduct: DeclaredProduct;
  /** The product found in the parcel; another than the declared one when the operator picked a different model. */
  foundProduct: DeclaredProduct;
  imei: string | null;
  /** Whether the IMEI's TAC is one of the found product's; null without an IMEI or when the product has no TAC codes. */
  imeiMatchesProduct: boolean | null;
  serialNumber: string | null;
  /** The found product's diagnostic questions, answered as found. */
  responses: DeclarationResponse[];
  /** The grade the answers give, by the customer's estimate rules. */
  grade: ProductState;
  declaredPrice: Money;
  controlledPrice: Money;
  /** The category's absorption rule, and what it allows to absorb of this deviation. */
  absorption: { rule: AbsorptionRule; absorbable: Money };
  /** The warehouse comment, and whether the customer sees it. */
  comment: string | null;
  commentShared: boolean;
}

export interface ItemCreated {
  type: 'ItemCreated';
  data: {
    itemId: string;
    buybackId: string;
    /** The buyback's 13-digit code, which the item carries too. */
    identificationNumber: string;
    /** The code's last 8 digits: the item code printed on warehouse labels (it may name several items). */
    shortCode: string;
    awaiting: ItemAwaiting;
    storeId: string | null;
    warehouseId: string;
    buyerId: string;
    product: DeclaredProduct;
    imei: string | null;
    /** The declared price: what the platform expects to pay. */
    purchasePrice: Money;
  };
}

export interface ItemDroppedInStore {
  type: 'ItemDroppedInStore';
  data: { itemId: string; storeId: string };
}

export interface ItemShipped {
  type: 'ItemShipped';
  data: {
    itemId: string;
    trackingNumber: string | null;
    /** The package it left in, when the logistics part shipped it. */
    packageId: string | null;
    /** True when nobody scanned it out: the warehouse received a parcel still awaiting shipment (a customer's own post). */
    implicit: boolean;
  };
}

export interface ItemRegisteredInWarehouse {
  type: 'ItemRegisteredInWarehouse';
  data: { itemId: string; warehouseId: string; stock: StockChange };
}

export interface ItemCompletedByPrice {
  type: 'ItemCompletedByPrice';
  data: { itemId: string; check: ComplianceCheckResult | null; validatedPrice: Money; stock: StockChange };
}

export interface ItemCompletedWithAbsorption {
  type: 'ItemCompletedWithAbsorption';
  data: { itemId: string; check: ComplianceCheckResult | null; absorbedAmount: Money; validatedPrice: Money; stock: StockChange };
}

/** Completed at the buyback level without a check of the item (the buyback's "complete without control"). */
export interface ItemCompletedWithoutControl {
  type: 'ItemCompletedWithoutControl';
  data: { itemId: string; validatedPrice: Money; stock: StockChange };
}

export interface ItemNewPriceProposed {
  type: 'ItemNewPriceProposed';
  data: {
    itemId: string;
    check: ComplianceCheckResult | null;
    previousPrice: Money;
    proposedPrice: Money;
    reason: string;
    /** The comment the customer sees with the proposal (the shared warehouse comment), or null. */
    sharedComment: string | null;
  };
}

export interface ItemCompletedWithNegotiation {
  type: 'ItemCompletedWithNegotiation';
  data: { itemId: string; validatedPrice: Money; stock: StockChange };
}

export interface ItemReturnRequested {
  type: 'ItemReturnRequested';
  data: { itemId: string; stock: StockChange };
}

export interface ItemReturned {
  type: 'ItemReturned';
  data: { itemId: string; trackingNumber: string | null; comment: string | null; stock: StockChange };
}

export interface ItemCancelled {
  type: 'ItemCancelled';
  data: { itemId: string; reason: string; comment: string | null; stock: StockChange };
}

/**
 * A device its store never shipped (still awaiting the store's shipment,
 * perhaps in the store's open package) is at the warehouse, and the operator
 * confirmed they hold it: received into the to-approve stock, without any
 * shipment recorded (a reconciliation, not a parcel). The package it was in
 * gives it up in the same append.
 */
export interface ItemReceivedFromStore {
  type: 'ItemReceivedFromStore';
  data: {
    itemId: string;
    warehouseId: string;
    /** The store that still held it. */
    storeId: string | null;
    /** The store's open package it was in, if any. */
    packageId: string | null;
    packageNumber: string | null;
    stock: StockChange;
  };
}

/** A parcel of a cancelled buyback reached the warehouse anyway: received into the customer-return stock, to be sent back. */
export interface ItemReceivedAfterCancellation {
  type: 'ItemReceivedAfterCancellation';
  data: { itemId: string; warehouseId: string; stock: StockChange };
}

export interface ItemQuarantined {
  type: 'ItemQuarantined';
  data: { itemId: string; reason: QuarantineReason; comment: string; check: ComplianceCheckResult | null; stock: StockChange };
}

/** The dispute e-mail to the customer about a quarantined item: sent, or not (and why). */
export interface ItemDisputeMailSent {
  type: 'ItemDisputeMailSent';
  data: { itemId: string; delivered: boolean; failure: string | null };
}

export interface ItemReleasedFromQuarantine {
  type: 'ItemReleasedFromQuarantine';
  data: { itemId: string; comment: string | null; stock: StockChange };
}

export interface ItemLost {
  type: 'ItemLost';
  data: { itemId: string; place: LostPlace; comment: string; stock: StockChange };
}

export interface ItemMovedToStock {
  type: 'ItemMovedToStock';
  data: { itemId: string; reason: string; stock: StockChange };
}

export interface ItemRefurbDiagnosticStarted {
  type: 'ItemRefurbDiagnosticStarted';
  data: { itemId: string };
}

export interface ItemRefurbStarted {
  type: 'ItemRefurbStarted';
  data: { itemId: string; stock: StockChange };
}

export interface ItemRefurbCompleted {
  type: 'ItemRefurbCompleted';
  data: { itemId: string; stock: StockChange };
}

/** Its buyback's answers were corrected before it reached the warehouse: the price the platform expects to pay follows. */
export interface ItemPurchasePriceCorrected {
  type: 'ItemPurchasePriceCorrected';
  data: { itemId: string; purchasePrice: Money; previousPrice: Money };
}

export type ItemEvent =
  | ItemCreated
  | ItemDroppedInStore
  | ItemShipped
  | ItemRegisteredInWarehouse
  | ItemReceivedFromStore
  | ItemCompletedByPrice
  | ItemCompletedWithAbsorption
  | ItemCompletedWithoutControl
  | ItemNewPriceProposed
  | ItemCompletedWithNegotiation
  | ItemReturnRequested
  | ItemReturned
  | ItemCancelled
  | ItemReceivedAfterCancellation
  | ItemQuarantined
  | ItemDisputeMailSent
  | ItemReleasedFromQuarantine
  | ItemLost
  | ItemMovedToStock
  | ItemRefurbDiagnosticStarted
  | ItemRefurbStarted
  | ItemRefurbCompleted
  | ItemPurchasePriceCorrected;

export type ItemEventType = ItemEvent['type'];

export const ITEM_EVENT_TYPES: readonly ItemEventType[] = [
  'ItemCreated',
  'ItemDroppedInStore',
  'ItemShipped',
  'ItemRegisteredInWarehouse',
  'ItemReceivedFromStore',
  'ItemCompletedByPrice',
  'ItemCompletedWithAbsorption',
  'ItemCompletedWithoutControl',
  'ItemNewPriceProposed',
  'ItemCompletedWithNegotiation',
  'ItemReturnRequested',
  'ItemReturned',
  'ItemCancelled',
  'ItemReceivedAfterCancellation',
  'ItemQuarantined',
  'ItemDisputeMailSent',
  'ItemReleasedFromQuarantine',
  'ItemLost',
  'ItemMovedToStock',
  'ItemRefurbDiagnosticStarted',
  'ItemRefurbStarted',
  'ItemRefurbCompleted',
  'ItemPurchasePriceCorrected',
];

/** The stock change an event records, if it records one. */
export function stockChangeOf(event: ItemEvent): StockChange | null {
  return 'stock' in event.data ? event.data.stock : null;
}
