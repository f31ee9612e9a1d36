import { paymentCommand, type OnPayment } from './payment-command.js';

export interface MarkPaymentAsPaidInput extends OnPayment {
  /** What the operator adds (at most 255 characters, specification 000): how and when it was paid. */
  information?: string | null;
}

/** An operator says a manual payment (no provider) was made. */
export const markPaymentAsPaid = paymentCommand<MarkPaymentAsPaidInput>({
  name: 'MarkPaymentAsPaid',
  permission: 'payment.mark_as_paid',
  build: (input) => ({ type: 'MarkPaymentAsPaid', data: { information: input.information ?? null } }),
});
