import type { BuybackEvent } from '../buybacks/events.js';
import { compareMoney, type Money } from '../shared/money.js';
import type { PaymentCommand } from './commands.js';
import { paymentStatus, type PaymentSnapshot } from './machine.js';
import { isVoucherType, type PaymentOrigin, type PaymentProvider, type PaymentType } from './state.js';

/**
 * What a buyback's payment does after the buyback's events (our reading,
 * docs/specification-readings.md "Payments"). Pure: the payments part's
 * process manager and the cancellation's companion both ask here.
 */

/** The buyback events that make a payment due, with why and at what price (null: none is created by this event). */
export function paymentDueOf(event: BuybackEvent): { origin: PaymentOrigin; validatedPrice: Money } | null {
  switch (event.type) {
    case 'BuybackRegistered':
      // A gift card or voucher handed over in the store is paid at registration.
      return event.data.channel === 'store' && isVoucherType(event.data.paymentMode.type) ? { origin: 'store_handover', validatedPrice: event.data.declaredPrice } : null;
    case 'BuybackCompletedByPrice':
    case 'BuybackCompletedWithAbsorption':
    case 'BuybackCompleted':
    case 'BuybackNewPriceAccepted': // the customer accepted the new price: completed at it (bb_completed_with_negociation)
      return { origin: 'buyback_completed', validatedPrice: event.data.validatedPrice };
    case 'BuybackCompletedAfterLoss':
      return { origin: 'item_lost', validatedPrice: event.data.validatedPrice };
    default:
      return null;
  }
}

/**
 * The provider of a payment mode that names none (modes configured before
 * providers existed): the embedded default of its type. A bank transfer goes
 * in the SEPA file; a transfer without IBAN is paid by hand; a gift card or
 * voucher is a code the platform issues.
 */
export function defaultProviderOf(type: PaymentType): PaymentProvider {
  return type === 'bank_transfer' ? 'bank_transfer_file' : 'manual';
}

/**
 * Whether the payment is made the moment it is created: a gift card or
 * voucher whose code the platform issues itself (no provider to call) is the
 * money. Others wait for their provider, the SEPA file, or an operator.
 */
export function paidAtCreation(type: PaymentType, provider: PaymentProvider): boolean {
  return isVoucherType(type) && provider === 'manual';
}

/**
 * The payment's follow-up of a later buyback event, decided on its current
 * state: its buyback cancelled cancels it (or, forced, records that it is
 * kept); a voucher handed over in store whose buyback settles lower records
 * the difference as a claim. Null: nothing to do.
 */
export function paymentFollowing(event: BuybackEvent, payment: PaymentSnapshot): PaymentCommand | null {
  const ctx = payment.context;
  if (ctx.paymentId === null) return null;
  if (event.type === 'BuybackCancelled') {
    const status = paymentStatus(payment);
    if (status === 'payment_cancelled' || status === 'payment_not_needed') return null;
    return { type: 'CancelPayment', data: { reason: 'buyback_cancelled', comment: event.data.comment || null, force: event.data.forced } };
  }
  const due = paymentDueOf(event);
  if (due === null || due.origin === 'store_handover') return null;
  if (ctx.origin !== 'store_handover' || ctx.claim !== null || ctx.validatedPrice === null) return null;
  if (compareMoney(due.validatedPrice, ctx.validatedPrice) >= 0) return null;
  return { type: 'RecordVoucherClaim', data: { acceptedPrice: due.validatedPrice } };
}
