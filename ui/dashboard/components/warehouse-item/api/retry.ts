import { ApiError } from '../../../lib/api-client';

/** A refusal (4xx: unknown, malformed, not allowed) says the same on a retry: only a failure to answer is tried again. */
export function noRetryOnRefusal(count: number, error: unknown): boolean {
  return count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}
