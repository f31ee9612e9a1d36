import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CancelReason } from '../types';
import { invalidateBuyback } from './invalidate-buyback';

export interface CancelBuybackInput {
  id: string;
  /** The ETag of the detail the user decided on: a change since then answers 412. */
  etag: string | null;
  reason: CancelReason;
  comment: string | null;
  /** Cancel even though the payment can no longer be called back. */
  force: boolean;
  idempotencyKey: string;
}

/** POST /api/buybacks/{id}/cancel, with If-Match and an Idempotency-Key. */
export function cancelBuyback(input: CancelBuybackInput): Promise<CommandAnswer> {
  return api
    .post<CommandAnswer>(
      `/buybacks/${input.id}/cancel`,
      { reason: input.reason, comment: input.comment, ...(input.force ? { force: true } : {}) },
      { ifMatch: input.etag, idempotencyKey: input.idempotencyKey },
    )
    .then((response) => response.data);
}

/** The cancellation changes the buyback's detail, history and every list it appears in. */
export function useCancelBuyback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBuyback,
    onSettled: (_answer, _error, { id }) => invalidateBuyback(queryClient, id),
  });
}
