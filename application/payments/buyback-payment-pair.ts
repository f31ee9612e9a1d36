import type { BuybackEvent } from '../../domain/buybacks/events.js';
import type { BuybackSnapshot } from '../../domain/buybacks/machine.js';
import { paymentFollowing } from '../../domain/payments/buyback-payment-sync.js';
import type { PaymentEvent } from '../../domain/payments/events.js';
import { paymentStatus } from '../../domain/payments/machine.js';
import type { PaymentStatus } from '../../domain/payments/state.js';
import { foldStream, type Companion } from '../commands/command-handler.js';
import { followEach, followUpMetadataOf } from '../process-managers/follow-ups.js';
import type { IdGenerator } from '../ports/clock.js';
import type { EventMetadata, NewEvent, StoredEvent } from '../ports/event-store.js';
import { paymentDecider } from './payment-decider.js';
import { PAYMENT_STREAMS, paymentIdOf } from './streams.js';

/** The name the payment's follow-ups are keyed with, here and in the process manager (payment-process.ts). */
export const PAYMENT_PROCESS = 'buyback-payment';

/** The metadata of the payment's follow-up of a buyback event, keyed as the process manager keys it (follow-ups.ts). */
export function paymentFollowUpMetadata(source: { id: string; metadata: EventMetadata }): EventMetadata {
  return followUpMetadataOf(PAYMENT_PROCESS, source);
}

/** The stream of a buyback's payment. */
export function paymentStreamOf(buybackId: string): string {
  return PAYMENT_STREAMS.payment.name(paymentIdOf(buybackId));
}

/** The payment's status read from its stream as read for a decision; null while it has none. */
export function paymentStatusIn(history: readonly StoredEvent[]): PaymentStatus | null {
  if (history.length === 0) return null;
  return paymentStatus(foldStream(paymentDecider, history));
}

/**
 * The payment's side of every command on a buyback: what the payment does
 * after the buyback's events (`paymentFollowing`: cancelled with it, kept
 * when the cancellation was forced, a handed-over voucher's claim), decided
 * on its current state and appended with them. So a cancellation and the
 * payment's initiation (a SEPA file downloaded, a provider taking it up)
 * cannot both be written: the second decides again on what the first did.
 * A claim the payment refuses is nothing to record. A buyback without payment appends nothing
 * here (the process manager creates it later, checking the buyback again).
 */
export function paymentCompanion(buybackId: string, ids: IdGenerator): Companion<BuybackSnapshot, BuybackEvent> {
  return {
    stream: paymentStreamOf(buybackId),
    follow: (events, _buybackAfter, history) => followPayment(history, events, ids),
  };
}

function followPayment(history: readonly StoredEvent[], events: readonly { event: BuybackEvent; stored: NewEvent }[], ids: IdGenerator): NewEvent[] {
  return followEach({
    process: PAYMENT_PROCESS,
    decider: paymentDecider,
    history,
    events,
    following: (event, _stored, state) => paymentFollowing(event, state),
    refused: (error, command, state): PaymentEvent[] => {
      if (command.type === 'RecordVoucherClaim') return [];
      // A cancellation decided without the payment's status (a follow-up of the item's, not the staff's
      // cancellation, which reads it) is not refused for it: the payment is kept, and its history says so.
      if (command.type === 'CancelPayment' && error.code === 'PAYMENT_NOT_CANCELLABLE') return paymentDecider.decide({ ...command, data: { ...command.data, force: true } }, state);
      throw error;
    },
    ids,
  });
}
