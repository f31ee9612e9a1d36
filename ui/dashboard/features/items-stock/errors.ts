import { ApiError } from '../../../shared/api/client';

/**
 * Someone changed the item after this screen loaded it: a stale If-Match
 * (412), a lost race (409 CONCURRENT_MODIFICATION), or a status that no
 * longer allows the command (409).
 */
export function isStaleItem(error: unknown): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 412) return true;
  return error.status === 409 && ['CONCURRENT_MODIFICATION', 'ITEM_TRANSITION_NOT_ALLOWED', 'ITEM_CANCELLED'].includes(error.code);
}
