import type { Money } from '../shared/money.js';
import type { PaymentCancelReason } from './events.js';
import type { PaymentModifier } from './modifier.js';
import type { NotNeededReason, PaymentBuybackFacts, PaymentOrigin, PaymentProvider, PaymentType } from './state.js';

/** Commands on a payment: imperative; ids, codes and references come with them (the domain draws nothing). */
export type PaymentCommand =
  | {
      type: 'CreatePayment';
      data: {
        paymentId: string;
        buybackId: string;
        accountId: string;
        /** Its buyback's facts the payment is searched and seen by (no personal data). */
        buyback: PaymentBuybackFacts;
        origin: PaymentOrigin;
        paymentModeId: string;
        paymentType: PaymentType;
        provider: PaymentProvider;
        validatedPrice: Money;
        modifier: PaymentModifier;
        /** The circuit's bonus or cost its buyback registered (zero: none). */
        circuitBonus: Money;
      };
    }
  | { type: 'MarkPaymentNotNeeded'; data: { reason: NotNeededReason } }
  /** Its provider took it up: its transaction id, or the SEPA file's end-to-end id and the file. */
  | { type: 'InitiatePayment'; data: { providerReference: string; transferFileId?: string | null } }
  | { type: 'CompletePayment'; data: { providerReference?: string | null } }
  | { type: 'FailPayment'; data: { reasonCode: string; message?: string | null } }
  | { type: 'RelaunchPayment'; data: { reason?: string | null } }
  | { type: 'MarkPaymentAsPaid'; data: { information?: string | null } }
  /** `force`: its buyback is cancelled by force although the payment can no longer be called back. */
  | { type: 'CancelPayment'; data: { reason: PaymentCancelReason; comment?: string | null; force?: boolean } }
  /** The code comes from `voucherCode(randomDigits)`, the digits drawn by the caller. */
  | { type: 'IssueVoucherCode'; data: { voucherCode: string } }
  /** The lower price the customer accepted after a voucher was handed over in store. */
  | { type: 'RecordVoucherClaim'; data: { acceptedPrice: Money } };

export type PaymentCommandType = PaymentCommand['type'];

export const PAYMENT_COMMAND_TYPES = [
  'CreatePayment',
  'MarkPaymentNotNeeded',
  'InitiatePayment',
  'CompletePayment',
  'FailPayment',
  'RelaunchPayment',
  'MarkPaymentAsPaid',
  'CancelPayment',
  'IssueVoucherCode',
  'RecordVoucherClaim',
] as const satisfies ReadonlyArray<PaymentCommandType>;
