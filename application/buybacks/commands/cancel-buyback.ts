import type { CancelReason } from '../../../domain/buybacks/events.js';
import { paymentStatusIn, paymentStreamOf } from '../../payments/buyback-payment-pair.js';
import { buybackCommand, type OnBuyback } from './buyback-command.js';

export interface CancelBuybackInput extends OnBuyback {
  reason: CancelReason;
  comment?: string | null;
  /** Cancels even when the payment can no longer be called back. */
  force?: boolean;
}

/** Cancels the buyback (irreversible), and its payment when it can still be cancelled. */
export const cancelBuyback = buybackCommand<CancelBuybackInput>({
  name: 'CancelBuyback',
  permission: 'buyback.cancel',
  // Decided on its payment's status as read with the decision (the payment's stream is appended with it, at the
  // revision read), so a payment initiated meanwhile makes it decide again: refused, or kept when forced.
  build: ({ buybackId, reason, comment, force }) => (history) => ({
    type: 'CancelBuyback',
    data: { reason, comment: comment ?? '', force: force === true, paymentStatus: paymentStatusIn(history(paymentStreamOf(buybackId))) },
  }),
});
