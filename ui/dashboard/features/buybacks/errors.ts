import { ApiError } from '../../../shared/api/client';

/**
 * Someone changed the buyback after this screen loaded it: a stale If-Match
 * (412), a lost race (409 CONCURRENT_MODIFICATION), or a status that no longer
 * allows the command (409). Not a conflict: a payment that cannot be called
 * back, which the cancel dialog answers by offering to force.
 */
export function isStaleEdit(error: unknown): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 412) return true;
  return error.status === 409 && ['CONCURRENT_MODIFICATION', 'BUYBACK_TRANSITION_NOT_ALLOWED', 'BUYBACK_CANCELLED'].includes(error.code);
}

export function isPaymentNotCancellable(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'BUYBACK_PAYMENT_NOT_CANCELLABLE';
}
