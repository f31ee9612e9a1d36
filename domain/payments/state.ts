import type { PaymentStatus, PaymentType } from '../buybacks/events.js';
import type { Money } from '../shared/money.js';
import type { PaymentModifier } from './modifier.js';

export { PAYMENT_STATUSES, PAYMENT_TYPES, type PaymentStatus, type PaymentType } from '../buybacks/events.js';

/**
 * Who pays (specification 001: "none (manual), a bank-transfer provider, a
 * gift-card provider, a payment-wallet provider, a gift-card merchant
 * provider"), plus the embedded default for bank transfers: a SEPA
 * credit-transfer file the retailer's accountant uploads to the bank.
 */
export const PAYMENT_PROVIDERS = [
  'manual',
  'bank_transfer_file',
  'bank_transfer_provider',
  'gift_card_provider',
  'payment_wallet',
  'gift_card_merchant',
] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** Pending: the customer is still to be paid and nothing has left yet. */
export const PENDING_PAYMENT_STATUSES: readonly PaymentStatus[] = ['awaiting_payment', 'payment_created'];

/** What made the payment due. */
export const PAYMENT_ORIGINS = ['buyback_completed', 'item_lost', 'store_handover'] as const;
export type PaymentOrigin = (typeof PAYMENT_ORIGINS)[number];

/**
 * What the payment keeps of its buyback, so that payments are searched and
 * scoped (a store sees its own) without reading buybacks: its code and its
 * organizations, never the customer's personal data.
 */
export interface PaymentBuybackFacts {
  readonly identificationNumber: string;
  readonly storeId: string | null;
  readonly warehouseId: string;
  readonly buyerId: string;
  readonly organizationId: string | null;
}

/** Why a payment needs no money to move. */
export const NOT_NEEDED_REASONS = ['zero_amount', 'settled_elsewhere', 'paid_by_buyer'] as const;
export type NotNeededReason = (typeof NOT_NEEDED_REASONS)[number];

/** The most characters of the information an operator adds when marking a manual payment paid (specification 000). */
export const MARK_AS_PAID_INFORMATION_MAX = 255;

export const ATTEMPT_OUTCOMES = ['pending', 'initiated', 'completed', 'failed', 'cancelled', 'not_needed'] as const;
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];

/**
 * One try at paying the customer: the first starts at creation, each
 * relaunch starts the next. Who did it and when are the stored events'
 * metadata (the payment's history joins them); the why is here.
 */
export interface PaymentAttempt {
  readonly number: number;
  readonly outcome: AttemptOutcome;
  /** The provider's own id of this try (its transaction, the SEPA end-to-end id…), once initiated. */
  readonly providerReference: string | null;
  /** The SEPA credit-transfer file that carried it, for the embedded bank-transfer provider. */
  readonly transferFileId: string | null;
  /** Why it failed: the provider's or the bank's reason code, and its words. */
  readonly failure: { readonly reasonCode: string; readonly message: string | null } | null;
  /** Why it was started again (a relaunch's reason); null for the first. */
  readonly relaunchReason: string | null;
}

/**
 * A voucher handed over in store whose buyback later settled at a lower
 * price: what the customer received beyond what they are owed, recorded as a
 * claim on them (see modifier.ts and decide.ts).
 */
export interface PaymentClaim {
  readonly acceptedPrice: Money;
  readonly owedAmount: Money;
  readonly claimedAmount: Money;
}

/** What decisions need to know about a payment; folded from its events by the machine. */
export interface PaymentContext {
  paymentId: string | null;
  buybackId: string | null;
  accountId: string | null;
  origin: PaymentOrigin | null;
  paymentModeId: string | null;
  type: PaymentType | null;
  provider: PaymentProvider | null;
  validatedPrice: Money | null;
  modifier: PaymentModifier | null;
  circuitBonus: Money | null;
  amount: Money | null;
  /** The latest attempt's provider reference. */
  providerReference: string | null;
  voucherCode: string | null;
  attempts: readonly PaymentAttempt[];
  /** The information given when it was marked paid by hand. */
  paidInformation: string | null;
  claim: PaymentClaim | null;
  /** Its buyback was cancelled by force after the payment had left: kept as it is. */
  keptOnBuybackCancellation: boolean;
}

export const EMPTY_PAYMENT: PaymentContext = {
  paymentId: null,
  buybackId: null,
  accountId: null,
  origin: null,
  paymentModeId: null,
  type: null,
  provider: null,
  validatedPrice: null,
  modifier: null,
  circuitBonus: null,
  amount: null,
  providerReference: null,
  voucherCode: null,
  attempts: [],
  paidInformation: null,
  claim: null,
  keptOnBuybackCancellation: false,
};

/** The payment types whose money is a code the customer spends: a gift card or a voucher. */
export function isVoucherType(type: PaymentType | null): boolean {
  return type === 'gift_card' || type === 'voucher';
}
