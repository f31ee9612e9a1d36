import type { Money } from '../shared/money.js';
import type { BuybackChannel, DepositType, PaymentStatus, PaymentType } from './events.js';
import type { DeliveryStatus } from '../values/delivery-status.js';

export const BUYBACK_STATUSES = [
  'bb_awaiting_store_drop',
  'bb_awaiting_inventory',
  'bb_in_transit',
  'bb_in_processing',
  'bb_completed',
  'bb_completed_by_price',
  'bb_completed_with_absorption',
  'bb_completed_with_negociation',
  'bb_not_completed',
  'bb_cancelled',
] as const;
export type BuybackStatus = (typeof BUYBACK_STATUSES)[number];

export const COMPLETED_STATUSES: readonly BuybackStatus[] = [
  'bb_completed',
  'bb_completed_by_price',
  'bb_completed_with_absorption',
  'bb_completed_with_negociation',
];

/**
 * Days the customer is given to answer a price proposal: the e-mail and the
 * proposal page show the date. Informative: an answer after it is still
 * taken (the specification names no expiry; see docs/specification-readings.md).
 */
export const PRICE_PROPOSAL_ANSWER_DAYS = 14;

export interface PriceProposal {
  previousPrice: Money;
  proposedPrice: Money;
  reason: string;
  decisionTokenHash: string;
  decision: 'pending' | 'accepted' | 'rejected';
}

/** What decisions need to know about a buyback; folded from its events by the machine. */
export interface BuybackContext {
  buybackId: string | null;
  identificationNumber: string | null;
  channel: BuybackChannel | null;
  storeId: string | null;
  warehouseId: string | null;
  declaredPrice: Money | null;
  controlledPrice: Money | null;
  validatedPrice: Money | null;
  paymentType: PaymentType | null;
  paymentStatus: PaymentStatus | null;
  proposal: PriceProposal | null;
  /** How its device leaves the customer: a drop in a store, a carrier's collection, a parcel under a label… */
  deposit: DepositType | null;
  /** The store package it is in, while it waits to leave. */
  package: { packageId: string; number: string } | null;
  /** Its carrier's label, once one names it. */
  trackingNumber: string | null;
  /** The carrier's time of the latest delivery report applied: an older one arriving late changes nothing. */
  deliveryAt: string | null;
  /** The latest carrier status applied (with deliveryAt: a repeat of it changes nothing). */
  deliveryStatus: DeliveryStatus | null;
}

export const EMPTY_BUYBACK: BuybackContext = {
  buybackId: null,
  identificationNumber: null,
  channel: null,
  storeId: null,
  warehouseId: null,
  declaredPrice: null,
  controlledPrice: null,
  validatedPrice: null,
  paymentType: null,
  paymentStatus: null,
  proposal: null,
  deposit: null,
  package: null,
  trackingNumber: null,
  deliveryAt: null,
  deliveryStatus: null,
};
