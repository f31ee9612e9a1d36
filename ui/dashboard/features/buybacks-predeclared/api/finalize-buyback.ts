import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buybackKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';

export interface FinalizeInput {
  storeId: string;
  id: string;
  code: string;
  /** The ETag of the declaration the seller checked: a change since answers 412. */
  etag: string | null;
  idempotencyKey: string;
}

/** POST /store/{storeId}/buybacks/{id}/finalize, with If-Match and an Idempotency-Key. */
export function finalizeBuyback(input: FinalizeInput): Promise<CommandAnswer> {
  return api
    .post<CommandAnswer>(`/store/${encodeURIComponent(input.storeId)}/buybacks/${encodeURIComponent(input.id)}/finalize`, {}, {
      ifMatch: input.etag,
      idempotencyKey: input.idempotencyKey,
    })
    .then((response) => response.data);
}

/**
 * The finalize gives the buyback a store: its detail, the store's lists and
 * what its code answers change. Once it succeeded, the code's answers are
 * only marked stale (the check screen is left for the confirmation, which
 * reads them afresh); after a refusal, the screen shows them as they are now.
 */
export function useFinalizeBuyback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finalizeBuyback,
    onSettled: (_answer, error, { id, code }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: buybackKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: buybackKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: buybackKeys.byCode(code), refetchType: error ? 'active' : 'none' }),
      ]),
  });
}
