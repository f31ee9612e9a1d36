import type { DeliveryStatus } from '../values/delivery-status.js';
import type { Money } from '../shared/money.js';
import type { Locale } from '../organizations/events.js';
import type { PaymentModifier } from '../payments/modifier.js';

/**
 * Buyback domain events. Every status change is one of these; with the
 * metadata the store adds (who, when, tenant) they are the buyback's history.
 * Stored under a versioned type name (`BuybackRegistered.v1`): see
 * application/buybacks/buyback-event-codec.ts.
 */

export const BUYBACK_CHANNELS = ['store', 'web'] as const;
export type BuybackChannel = (typeof BUYBACK_CHANNELS)[number];

export const DEPOSIT_TYPES = ['collect', 'drop', 'drop_label', 'post'] as const;
export type DepositType = (typeof DEPOSIT_TYPES)[number];

export const PAYMENT_TYPES = ['bank_transfer', 'no_iban_transfer', 'gift_card', 'voucher'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const CANCEL_REASONS = ['customer_retractation', 'technical_problem', 'other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export const PAYMENT_STATUSES = [
  'awaiting_payment',
  'payment_created',
  'payment_initiated',
  'payment_completed',
  'payment_cancelled',
  'payment_failed',
  'payment_not_needed',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Customer data sealed by the application with the data subject's key
 * (crypto-shredding). The domain carries it and never opens it.
 */
export interface SealedPersonalData {
  readonly $sealed: 'v1';
  readonly subjectId: string;
  readonly iv: string;
  readonly ciphertext: string;
  readonly tag: string;
}

export interface DeclaredProduct {
  productId: string;
  label: string;
  brand: string;
  categoryId: string;
  ean: string | null;
}

export interface DeclarationResponse {
  questionId: string;
  answerIds: string[];
}

export interface BuybackRegistered {
  type: 'BuybackRegistered';
  data: {
    buybackId: string;
    identificationNumber: string;
    channel: BuybackChannel;
    storeId: string | null;
    buyerId: string;
    warehouseId: string;
    circuit: { id: string; name: string; deposit: DepositType };
    shippingMethodId: string;
    paymentMode: { id: string; type: PaymentType; label: string };
    paymentStatus: PaymentStatus;
    product: DeclaredProduct;
    responses: DeclarationResponse[];
    grade: string;
    imei: string | null;
    declaredPrice: Money;
    customerSubjectId: string;
    customer: SealedPersonalData;
    /** The language the customer used, for the e-mails sent to them; null on buybacks registered before it was kept (v1). */
    customerLocale: Locale | null;
    /** What chose its warehouse: a dispatch rule (named), the account's default warehouse; null before rules chose (v2: its category's referent). */
    dispatch: BuybackDispatch | null;
    /** What the customer was promised beyond the device's price (`declaredPrice`); null before it was kept (v3: no circuit bonus, the mode's modifier read when paid). */
    pricing: BuybackPricing | null;
  };
}

/**
 * The estimate's parts beyond the device's price, as computed at
 * registration: the payment mode's bonus or malus as it applied (disabled
 * without the payment_bonus premium feature) and the circuit's bonus
 * (negative: its cost). The payment pays the validated price with both, so
 * the amount paid is the price the customer was shown.
 */
export interface BuybackPricing {
  paymentModifier: PaymentModifier;
  circuitBonus: Money;
}

/** Why a buyback goes to its warehouse (the logistics part's dispatch rules). */
export interface BuybackDispatch {
  by: 'rule' | 'default';
  ruleId: string | null;
  ruleTitle: string | null;
  /** The rule sent it to the nearest of its warehouses (by the store's or the customer's location). */
  nearest: boolean;
}

export interface BuybackFinalizedInStore {
  type: 'BuybackFinalizedInStore';
  data: { buybackId: string; storeId: string };
}

export interface BuybackShipped {
  type: 'BuybackShipped';
  data: {
    buybackId: string;
    trackingNumber: string | null;
    trackingLink: string | null;
    /**
     * True when the warehouse received the device before anyone scanned it
     * out (the customer sent it themselves, or a shop's parcel went out
     * unrecorded); a pre-declaration awaiting its drop in a shop accepts only
     * such a shipment (v2; false before).
     */
    direct: boolean;
  };
}

export interface BuybackCheckedIn {
  type: 'BuybackCheckedIn';
  data: { buybackId: string; warehouseId: string };
}

export interface BuybackCompletedByPrice {
  type: 'BuybackCompletedByPrice';
  data: { buybackId: string; controlledPrice: Money; validatedPrice: Money; comment: string | null };
}

export interface BuybackCompletedWithAbsorption {
  type: 'BuybackCompletedWithAbsorption';
  data: {
    buybackId: string;
    controlledPrice: Money;
    absorbedAmount: Money;
    validatedPrice: Money;
    comment: string | null;
  };
}

export interface BuybackNewPriceProposed {
  type: 'BuybackNewPriceProposed';
  data: {
    buybackId: string;
    previousPrice: Money;
    proposedPrice: Money;
    /**
     * What the check found the device worth (v2): below the proposed price
     * when the retailer still absorbs part of the deviation; v1 proposals
     * (made without the warehouse's check) read the proposed price.
     */
    controlledPrice: Money;
    reason: string;
    comment: string | null;
    /** SHA-256 of the secret in the customer's link; the secret itself is never stored. */
    decisionTokenHash: string;
  };
}

export interface BuybackNewPriceAccepted {
  type: 'BuybackNewPriceAccepted';
  data: { buybackId: string; validatedPrice: Money };
}

export interface BuybackNewPriceRejected {
  type: 'BuybackNewPriceRejected';
  data: { buybackId: string; rejectedPrice: Money };
}

export interface BuybackCompleted {
  type: 'BuybackCompleted';
  data: { buybackId: string; validatedPrice: Money };
}

export interface BuybackCancelled {
  type: 'BuybackCancelled';
  data: {
    buybackId: string;
    reason: CancelReason;
    comment: string;
    forced: boolean;
    previousPaymentStatus: PaymentStatus;
    paymentStatus: PaymentStatus;
  };
}

/**
 * The device was lost by the store, the carrier or the warehouse: the
 * buyback is validated at the declared price and the customer is to be paid.
 */
export interface BuybackCompletedAfterLoss {
  type: 'BuybackCompletedAfterLoss';
  data: { buybackId: string; place: 'store' | 'transport' | 'warehouse'; validatedPrice: Money };
}

/** Its device is held in quarantine at the warehouse: the check cannot end until it is released. */
export interface BuybackPutOnHold {
  type: 'BuybackPutOnHold';
  data: { buybackId: string; reason: string };
}

/** Its device was released from quarantine: the check goes on. */
export interface BuybackHoldLifted {
  type: 'BuybackHoldLifted';
  data: { buybackId: string };
}

/** Scanned into a store's package (reserved there: no other package may take it). */
export interface BuybackPacked {
  type: 'BuybackPacked';
  data: { buybackId: string; packageId: string; packageNumber: string };
}

/** Taken out of its package (removed, the package cleared or discarded). */
export interface BuybackUnpacked {
  type: 'BuybackUnpacked';
  data: { buybackId: string; packageId: string };
}

/**
 * Its store never shipped it, yet the warehouse holds it: the operator
 * confirmed it at check-in (a reconciliation, not a shipment). It leaves the
 * store's open package it was in, if any (the package gives it up in the
 * same append), and is in processing at that warehouse.
 */
export interface BuybackReceivedFromStore {
  type: 'BuybackReceivedFromStore';
  data: { buybackId: string; warehouseId: string; storeId: string | null; packageId: string | null; packageNumber: string | null };
}

/** A carrier's label names it: its tracking number (a package's, or its customer's own parcel). */
export interface BuybackShipmentTracked {
  type: 'BuybackShipmentTracked';
  data: { buybackId: string; transportId: string; carrier: string; trackingNumber: string; trackingLink: string | null };
}

/** Its carrier reported on its parcel. */
export interface BuybackDeliveryStatusChanged {
  type: 'BuybackDeliveryStatusChanged';
  data: { buybackId: string; transportId: string; status: DeliveryStatus; occurredAt: string };
}

/**
 * Corrected after its registration, before its device reached the warehouse
 * (the seller's organization or its managers; the reason is required): only
 * what changed. The customer's changed fields are sealed with the customer's
 * key, their names kept in clear for the history; changed answers carry the
 * estimate the server recomputed with the catalogue's rules.
 */
export interface BuybackEdited {
  type: 'BuybackEdited';
  data: {
    buybackId: string;
    reason: string;
    /** The customer's fields that changed (and only those), sealed; null when the customer is unchanged. */
    customer: SealedPersonalData | null;
    /** The names of those fields (no value: the history may show them). */
    customerFields: string[];
    /** The new answers and what they give, when they changed; null otherwise. */
    declaration: EditedDeclaration | null;
  };
}

export interface EditedDeclaration {
  responses: DeclarationResponse[];
  grade: string;
  /** The device's price recomputed from the new answers (what the check compares). */
  declaredPrice: Money;
  /** The device's price before: the history shows both. */
  previousPrice: Money;
}

export type BuybackEvent =
  | BuybackRegistered
  | BuybackFinalizedInStore
  | BuybackShipped
  | BuybackCheckedIn
  | BuybackCompletedByPrice
  | BuybackCompletedWithAbsorption
  | BuybackNewPriceProposed
  | BuybackNewPriceAccepted
  | BuybackNewPriceRejected
  | BuybackCompleted
  | BuybackCompletedAfterLoss
  | BuybackPutOnHold
  | BuybackHoldLifted
  | BuybackCancelled
  | BuybackPacked
  | BuybackUnpacked
  | BuybackReceivedFromStore
  | BuybackShipmentTracked
  | BuybackDeliveryStatusChanged
  | BuybackEdited;

export type BuybackEventType = BuybackEvent['type'];

export const BUYBACK_EVENT_TYPES: readonly BuybackEventType[] = [
  'BuybackRegistered',
  'BuybackFinalizedInStore',
  'BuybackShipped',
  'BuybackCheckedIn',
  'BuybackCompletedByPrice',
  'BuybackCompletedWithAbsorption',
  'BuybackNewPriceProposed',
  'BuybackNewPriceAccepted',
  'BuybackNewPriceRejected',
  'BuybackCompleted',
  'BuybackCompletedAfterLoss',
  'BuybackPutOnHold',
  'BuybackHoldLifted',
  'BuybackCancelled',
  'BuybackPacked',
  'BuybackUnpacked',
  'BuybackReceivedFromStore',
  'BuybackShipmentTracked',
  'BuybackDeliveryStatusChanged',
  'BuybackEdited',
];
