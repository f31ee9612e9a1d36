/**
 * Test support for the payment decider: Given / When / Then in the style of
 * Emmett / Axon, plus factories for every command and event so that tests
 * read as sentences:
 *
 *   given(created(), initiated()).when(fail()).thenEvents([failed()]).andStatus('payment_failed');
 *
 * Defaults follow one payment: a web buyback completed at 100.00 EUR, paid
 * by bank transfer through the embedded SEPA file provider, with a 5 % bonus
 * (105.00 EUR). Pure, no I/O; test-only (nothing in the application imports it).
 */
import { expect } from 'vitest';
import { money, type Money } from '../shared/money.js';
import { deciderSpecification, givenWhenThen } from '../shared/test-support.js';
import type { PaymentCommand } from './commands.js';
import { decide } from './decide.js';
import type { PaymentCancelReason, PaymentCreated, PaymentEvent } from './events.js';
import { evolvePayment, initialPayment, paymentStatus, type PaymentSnapshot } from './machine.js';
import { amountWithCircuitBonus, type PaymentModifier } from './modifier.js';
import type { AttemptOutcome, NotNeededReason, PaymentStatus } from './state.js';
import { voucherCode } from './voucher-code.js';

export const PAYMENT_ID = 'payment-0001';
export const BUYBACK_ID = 'bb-0001';
export const ACCOUNT_ID = 'account-acme';
export const PAYMENT_MODE_ID = 'payment-mode-transfer';
export const VOUCHER_CODE = voucherCode('31415926535897');
export const OTHER_VOUCHER_CODE = voucherCode('27182818284590');

export function eur(amountInCents: number): Money {
  return money(amountInCents, 'EUR');
}

export const VALIDATED_PRICE = eur(10_000);
export const BONUS: PaymentModifier = { kind: 'percentage', percent: 5, capInCents: null };

type Creation = PaymentCreated['data'];

function commandData(overrides: Partial<Omit<Creation, 'amount'>>): Omit<Creation, 'amount'> {
  return {
    paymentId: PAYMENT_ID,
    buybackId: BUYBACK_ID,
    accountId: ACCOUNT_ID,
    buyback: { identificationNumber: '1234567890128', storeId: null, warehouseId: 'warehouse-1', buyerId: 'buyer-1', organizationId: null },
    origin: 'buyback_completed',
    paymentModeId: PAYMENT_MODE_ID,
    paymentType: 'bank_transfer',
    provider: 'bank_transfer_file',
    validatedPrice: VALIDATED_PRICE,
    modifier: BONUS,
    circuitBonus: money(0, VALIDATED_PRICE.currency),
    ...overrides,
  };
}

function creationData(overrides: Partial<Omit<Creation, 'amount'>>): Creation {
  const data = commandData(overrides);
  return { ...data, amount: amountWithCircuitBonus(data.validatedPrice, data.modifier, data.circuitBonus) };
}

/** Kinds of payment the tests use, by what they are paid with. */
export const MANUAL = { provider: 'manual' } as const;
export const WEB_VOUCHER = { paymentType: 'voucher', provider: 'gift_card_provider' } as const;
export const STORE_VOUCHER = { paymentType: 'voucher', provider: 'gift_card_provider', origin: 'store_handover' } as const;

// ---------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------

export function created(overrides: Partial<Omit<Creation, 'amount'>> = {}): PaymentEvent {
  return { type: 'PaymentCreated', data: creationData(overrides) };
}

export function notNeeded(reason: NotNeededReason = 'settled_elsewhere'): PaymentEvent {
  return { type: 'PaymentMarkedNotNeeded', data: { paymentId: PAYMENT_ID, reason } };
}

export function initiated(providerReference = 'E2E-1', attempt = 1, transferFileId: string | null = 'file-1'): PaymentEvent {
  return { type: 'PaymentInitiated', data: { paymentId: PAYMENT_ID, attempt, providerReference, transferFileId } };
}

export function completed(attempt = 1, providerReference: string | null = null): PaymentEvent {
  return { type: 'PaymentCompleted', data: { paymentId: PAYMENT_ID, attempt, providerReference } };
}

export function markedAsPaid(information: string | null = 'Paid by cheque 1234', attempt = 1): PaymentEvent {
  return { type: 'PaymentMarkedAsPaid', data: { paymentId: PAYMENT_ID, attempt, information } };
}

export function failed(reasonCode = 'AC04', attempt = 1, message: string | null = 'Closed account number'): PaymentEvent {
  return { type: 'PaymentFailed', data: { paymentId: PAYMENT_ID, attempt, reasonCode, message } };
}

export function relaunched(attempt = 2, reason: string | null = 'IBAN corrected'): PaymentEvent {
  return { type: 'PaymentRelaunched', data: { paymentId: PAYMENT_ID, attempt, reason } };
}

export function cancelled(previousStatus: PaymentStatus, reason: PaymentCancelReason = 'buyback_cancelled', comment: string | null = null): PaymentEvent {
  return { type: 'PaymentCancelled', data: { paymentId: PAYMENT_ID, reason, comment, previousStatus } };
}

export function keptOnCancellation(status: PaymentStatus, comment: string | null = null): PaymentEvent {
  return { type: 'PaymentKeptOnBuybackCancellation', data: { paymentId: PAYMENT_ID, status, comment } };
}

export function voucherIssued(code = VOUCHER_CODE): PaymentEvent {
  return { type: 'PaymentVoucherIssued', data: { paymentId: PAYMENT_ID, voucherCode: code } };
}

export function claimRecorded(acceptedPrice: Money, owedAmount: Money, claimedAmount: Money): PaymentEvent {
  return { type: 'PaymentClaimRecorded', data: { paymentId: PAYMENT_ID, acceptedPrice, owedAmount, claimedAmount } };
}

// ---------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------

export function createPayment(overrides: Partial<Omit<Creation, 'amount'>> = {}): PaymentCommand {
  return { type: 'CreatePayment', data: commandData(overrides) };
}

export function markNotNeeded(reason: NotNeededReason = 'settled_elsewhere'): PaymentCommand {
  return { type: 'MarkPaymentNotNeeded', data: { reason } };
}

export function initiate(providerReference = 'E2E-1', transferFileId: string | null = 'file-1'): PaymentCommand {
  return { type: 'InitiatePayment', data: { providerReference, transferFileId } };
}

export function complete(providerReference: string | null = null): PaymentCommand {
  return { type: 'CompletePayment', data: { providerReference } };
}

export function fail(reasonCode = 'AC04', message: string | null = 'Closed account number'): PaymentCommand {
  return { type: 'FailPayment', data: { reasonCode, message } };
}

export function relaunch(reason: string | null = 'IBAN corrected'): PaymentCommand {
  return { type: 'RelaunchPayment', data: { reason } };
}

export function markAsPaid(information: string | null = 'Paid by cheque 1234'): PaymentCommand {
  return { type: 'MarkPaymentAsPaid', data: { information } };
}

export function cancel(force = false, comment: string | null = null): PaymentCommand {
  return { type: 'CancelPayment', data: { reason: 'buyback_cancelled', comment, force } };
}

export function issueVoucher(code = VOUCHER_CODE): PaymentCommand {
  return { type: 'IssueVoucherCode', data: { voucherCode: code } };
}

export function recordClaim(acceptedPrice: Money): PaymentCommand {
  return { type: 'RecordVoucherClaim', data: { acceptedPrice } };
}

// ---------------------------------------------------------------------------
// Given / When / Then
// ---------------------------------------------------------------------------

const paymentSpecification = deciderSpecification<PaymentSnapshot, PaymentCommand, PaymentEvent>({
  initialState: initialPayment,
  evolve: evolvePayment,
  decide,
});

export const given = givenWhenThen(paymentSpecification, {
  andStatus: (state: PaymentSnapshot, status: PaymentStatus) => {
    expect(paymentStatus(state)).toBe(status);
  },
  /** Each attempt's outcome, in order. */
  andAttempts: (state: PaymentSnapshot, outcomes: readonly AttemptOutcome[]) => {
    expect(state.context.attempts.map((attempt) => attempt.outcome)).toEqual(outcomes);
  },
});
