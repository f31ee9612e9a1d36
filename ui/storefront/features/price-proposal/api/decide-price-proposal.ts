import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, newIdempotencyKey } from '../../../../shared/api/client';
import { publicApi } from '../../../lib/api';
import { priceProposalQueryOptions } from './get-price-proposal';

export type Decision = 'accept' | 'reject';

export interface DecisionInput {
  decision: Decision;
  /** One key per click: a retried request answers the first answer, never decides twice. */
  idempotencyKey: string;
}

export function decidePriceProposal(buybackId: string, token: string, { decision, idempotencyKey }: DecisionInput) {
  return publicApi
    .post<{ id: string; status: string }>(`/public/buybacks/${encodeURIComponent(buybackId)}/price-proposal/${decision}`, { token }, { idempotencyKey })
    .then((answer) => answer.data);
}

/** Accept or reject; the proposal is read again afterwards, and also when someone already answered (409). */
export function useDecidePriceProposal(buybackId: string, token: string) {
  const queryClient = useQueryClient();
  const { queryKey } = priceProposalQueryOptions(buybackId, token);
  return useMutation({
    mutationFn: (decision: Decision) => decidePriceProposal(buybackId, token, { decision, idempotencyKey: newIdempotencyKey() }),
    onSettled: (_data, error) => {
      if (!error || (error instanceof ApiError && error.status === 409)) return queryClient.invalidateQueries({ queryKey });
    },
  });
}
