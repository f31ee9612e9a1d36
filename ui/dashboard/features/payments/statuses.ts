import type { PaymentStatus } from './types';

/** Each payment status's colour: pending orange, on its way blue, paid green, failed red, ended without money grey. */
export const PAYMENT_STATUS_COLOR: Record<PaymentStatus, string> = {
  awaiting_payment: 'orange',
  payment_created: 'orange',
  payment_initiated: 'blue',
  payment_completed: 'green',
  payment_cancelled: 'gray',
  payment_failed: 'red',
  payment_not_needed: 'gray',
};
