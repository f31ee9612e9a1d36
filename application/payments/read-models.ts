/**
 * The payments part's read models: what its projections write and its
 * queries read. Types and collection names only.
 */
import type { Money } from '../../domain/shared/money.js';
import type { PaymentModifier } from '../../domain/payments/modifier.js';
import type {
  NotNeededReason,
  PaymentAttempt,
  PaymentClaim,
  PaymentOrigin,
  PaymentProvider,
  PaymentStatus,
  PaymentType,
} from '../../domain/payments/state.js';

export const PAYMENT_COLLECTIONS = {
  /** One document per payment: the search and the detail. */
  payments: 'payments',
  /** One document per SEPA credit-transfer file. */
  transferFiles: 'payment_transfer_files',
  /** One document per tenant: its payment settings. */
  settings: 'payment_settings',
} as const;

/** One document per payment, in the `payments` collection. No personal data: the customer's name is read from the buyback. */
export interface PaymentDocument {
  _id: string;
  accountId: string;
  buybackId: string;
  /** The buyback's 13-digit code. */
  identificationNumber: string;
  organizationId: string | null;
  storeId: string | null;
  warehouseId: string;
  buyerId: string;
  origin: PaymentOrigin;
  paymentModeId: string;
  type: PaymentType;
  provider: PaymentProvider;
  status: PaymentStatus;
  validatedPrice: Money;
  modifier: PaymentModifier;
  /** What the customer is paid: the validated price with the bonus or malus. */
  amount: Money;
  /** `amount.amountInCents`, a scalar for the amount sort. */
  amountInCents: number;
  /**
   * `amountInCents` as 12 digits (`amountKeyOf`): the amount filter's range.
   * A string range is checked on an index entry by every document store; a
   * number range the SQLite store also checks for booleans, on the document.
   */
  amountKey: string;
  providerReference: string | null;
  voucherCode: string | null;
  attempts: PaymentAttempt[];
  /** The latest failure's reason, while failed: why it failed. */
  failure: { reasonCode: string; message: string | null } | null;
  notNeededReason: NotNeededReason | null;
  paidInformation: string | null;
  claim: PaymentClaim | null;
  keptOnBuybackCancellation: boolean;
  /** The SEPA file that carries its latest attempt, for the embedded bank-transfer provider. */
  transferFileId: string | null;
  createdAt: string;
  /** When it took its current status. */
  statusSince: string;
  /** When it was paid (completed or marked paid). */
  paidAt: string | null;
  updatedAt: string;
  /** Revision of the payment's stream: the ETag. */
  revision: number;
  [key: string]: unknown;
}

/** An amount in cents as the search's range reads it: 12 digits, zero-padded (no payment reaches 10 billion euros). */
export function amountKeyOf(amountInCents: number): string {
  return String(Math.max(0, Math.trunc(amountInCents))).padStart(12, '0');
}
