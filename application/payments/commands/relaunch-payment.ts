import { paymentCommand, type OnPayment } from './payment-command.js';

export interface RelaunchPaymentInput extends OnPayment {
  /** Why it is tried again (at most 255 characters); recorded on the new attempt. */
  reason?: string | null;
}

/** Tries a failed payment again: a new attempt, back to `payment_created` for its provider to take it up. */
export const relaunchPayment = paymentCommand<RelaunchPaymentInput>({
  name: 'RelaunchPayment',
  permission: 'payment.relaunch',
  build: (input) => ({ type: 'RelaunchPayment', data: { reason: input.reason ?? null } }),
});
