import type { StoredEvent } from '../../application/ports/event-store.js';
import type { BroadcastTarget } from '../../application/ports/projection.js';
import type { StoredDocument } from '../../application/ports/document-store.js';
import { domainTypeOf, toDomainEvent } from '../../application/events/codec.js';
import { PAYMENT_EVENT_TYPES, type PaymentEvent } from '../../domain/payments/events.js';
import { paymentStatusAfter } from '../../domain/payments/machine.js';
import type { PaymentStatus } from '../../domain/payments/state.js';
import type { BuybackPaymentFields } from '../../application/buybacks/read-models.js';

/**
 * What a buyback's read models keep of its payment (the payments part's
 * events): its id, status, type, amount, voucher code and claim. The
 * payment's stream is not the buyback's: its events find the buyback by the
 * payment's id (its creation names the buyback).
 */
export const PAYMENT_EVENTS_ON_BUYBACKS: readonly string[] = PAYMENT_EVENT_TYPES;

export function isPaymentEvent(stored: StoredEvent): boolean {
  return (PAYMENT_EVENT_TYPES as readonly string[]).includes(domainTypeOf(stored));
}

/** The buyback document a payment event changes: its creation names it; later ones find it by the payment's id. */
export function paymentTargets<D extends StoredDocument & { paymentId?: string | null }>(stored: StoredEvent): string[] | BroadcastTarget<D> {
  const event = toDomainEvent<PaymentEvent>(stored);
  if (event.type === 'PaymentCreated') return [event.data.buybackId];
  const paymentId = event.data.paymentId;
  return { filter: { paymentId }, matches: (document) => document.paymentId === paymentId };
}

/** The buyback's payment after a payment event, from what it kept. */
export function paymentAfter(current: BuybackPaymentFields | null, event: PaymentEvent): BuybackPaymentFields | null {
  if (event.type === 'PaymentCreated') {
    return {
      id: event.data.paymentId,
      status: paymentStatusAfter(null, event),
      type: event.data.paymentType,
      amount: event.data.amount,
      voucherCode: null,
      claim: null,
    };
  }
  if (current === null) return null;
  const status: PaymentStatus = paymentStatusAfter(current.status, event);
  switch (event.type) {
    case 'PaymentVoucherIssued':
      return { ...current, status, voucherCode: event.data.voucherCode };
    case 'PaymentClaimRecorded':
      return { ...current, status, claim: { acceptedPrice: event.data.acceptedPrice, owedAmount: event.data.owedAmount, claimedAmount: event.data.claimedAmount } };
    default:
      return { ...current, status };
  }
}
