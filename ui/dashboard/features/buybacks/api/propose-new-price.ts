import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateBuyback } from './invalidate-buyback';

export interface ProposeNewPriceInput {
  id: string;
  etag: string | null;
  proposedPriceInCents: number;
  reason: string;
  comment: string | null;
  idempotencyKey: string;
}

/** POST /api/buybacks/{id}/propose-new-price: the customer is e-mailed a link to accept or reject it. */
export function proposeNewPrice(input: ProposeNewPriceInput): Promise<CommandAnswer> {
  return api
    .post<CommandAnswer>(
      `/buybacks/${input.id}/propose-new-price`,
      { proposedPriceInCents: input.proposedPriceInCents, reason: input.reason, comment: input.comment },
      { ifMatch: input.etag, idempotencyKey: input.idempotencyKey },
    )
    .then((response) => response.data);
}

export function useProposeNewPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: proposeNewPrice,
    onSettled: (_answer, _error, { id }) => invalidateBuyback(queryClient, id),
  });
}
