import type { Money } from '../shared/money.js';
import type { PaymentModifier } from './modifier.js';
import type { NotNeededReason, PaymentBuybackFacts, PaymentOrigin, PaymentProvider, PaymentStatus, PaymentType } from './state.js';

/**
 * Payment domain events, past tense. Every status change is one of these;
 * with the metadata the store adds (who, when, tenant) they are the
 * payment's history: the data says what and why, never who or when.
 * `attempt` numbers the try it concerns (1, then one more per relaunch).
 */

export interface PaymentCreated {
  type: 'PaymentCreated';
  data: {
    paymentId: string;
    buybackId: string;
    accountId: string;
    buyback: PaymentBuybackFacts;
    origin: PaymentOrigin;
    paymentModeId: string;
    paymentType: PaymentType;
    provider: PaymentProvider;
    validatedPrice: Money;
    modifier: PaymentModifier;
    /** The circuit's bonus (negative: its cost) the buyback registered; zero before it was paid (v1). */
    circuitBonus: Money;
    /** `amountWithCircuitBonus(validatedPrice, modifier, circuitBonus)`: what the customer is paid. */
    amount: Money;
  };
}

export interface PaymentMarkedNotNeeded {
  type: 'PaymentMarkedNotNeeded';
  data: { paymentId: string; reason: NotNeededReason };
}

export interface PaymentInitiated {
  type: 'PaymentInitiated';
  data: { paymentId: string; attempt: number; providerReference: string; transferFileId: string | null };
}

/** Its provider (or the bank's status report) says the money reached the customer. */
export interface PaymentCompleted {
  type: 'PaymentCompleted';
  data: { paymentId: string; attempt: number; providerReference: string | null };
}

/** An operator says a manual payment was made, with what they add. */
export interface PaymentMarkedAsPaid {
  type: 'PaymentMarkedAsPaid';
  data: { paymentId: string; attempt: number; information: string | null };
}

export interface PaymentFailed {
  type: 'PaymentFailed';
  data: { paymentId: string; attempt: number; reasonCode: string; message: string | null };
}

/** A failed payment tried again: a new attempt, back to `payment_created` for its provider to take it up. */
export interface PaymentRelaunched {
  type: 'PaymentRelaunched';
  data: { paymentId: string; attempt: number; reason: string | null };
}

export const PAYMENT_CANCEL_REASONS = ['buyback_cancelled', 'other'] as const;
export type PaymentCancelReason = (typeof PAYMENT_CANCEL_REASONS)[number];

export interface PaymentCancelled {
  type: 'PaymentCancelled';
  data: { paymentId: string; reason: PaymentCancelReason; comment: string | null; previousStatus: PaymentStatus };
}

/**
 * Its buyback was cancelled by force while the payment could no longer be
 * called back (initiated or paid): the payment stays as it is, and its
 * history says so.
 */
export interface PaymentKeptOnBuybackCancellation {
  type: 'PaymentKeptOnBuybackCancellation';
  data: { paymentId: string; status: PaymentStatus; comment: string | null };
}

export interface PaymentVoucherIssued {
  type: 'PaymentVoucherIssued';
  data: { paymentId: string; voucherCode: string };
}

/**
 * A voucher handed over in store at registration whose buyback then
 * settled at a lower price the customer accepted: what they hold beyond what
 * they are owed is a claim on them (never a negative payment).
 */
export interface PaymentClaimRecorded {
  type: 'PaymentClaimRecorded';
  data: { paymentId: string; acceptedPrice: Money; owedAmount: Money; claimedAmount: Money };
}

export type PaymentEvent =
  | PaymentCreated
  | PaymentMarkedNotNeeded
  | PaymentInitiated
  | PaymentCompleted
  | PaymentMarkedAsPaid
  | PaymentFailed
  | PaymentRelaunched
  | PaymentCancelled
  | PaymentKeptOnBuybackCancellation
  | PaymentVoucherIssued
  | PaymentClaimRecorded;

export const PAYMENT_EVENT_TYPES = [
  'PaymentCreated',
  'PaymentMarkedNotNeeded',
  'PaymentInitiated',
  'PaymentCompleted',
  'PaymentMarkedAsPaid',
  'PaymentFailed',
  'PaymentRelaunched',
  'PaymentCancelled',
  'PaymentKeptOnBuybackCancellation',
  'PaymentVoucherIssued',
  'PaymentClaimRecorded',
] as const satisfies ReadonlyArray<PaymentEvent['type']>;
