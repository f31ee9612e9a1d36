import type { ProposalDecisionView } from '@server/application/buybacks/buyback-views';
import type { Static } from '@server/application/views/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, newIdempotencyKey } from '../../../../shared/api/client';
import { priceProposalKeys } from '../../../../shared/api/query-keys';
import { publicApi } from '../../../lib/api';

export type Decision = 'accept' | 'reject';

export interface DecisionInput {
  decision: Decision;
  /** One key per click: a retried request answers the first answer, never decides twice. */
  idempotencyKey: string;
}

export function decidePriceProposal(buybackId: string, token: string, { decision, idempotencyKey }: DecisionInput) {
  return publicApi
    .post<Static<typeof ProposalDecisionView>>(`/public/buybacks/${encodeURIComponent(buybackId)}/price-proposal/${decision}`, { token }, { idempotencyKey })
    .then((answer) => answer.data);
}

/** Accept or reject; the proposal is read again afterwards, and also when someone already answered (409). */
export function useDecidePriceProposal(buybackId: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) => decidePriceProposal(buybackId, token, { decision, idempotencyKey: newIdempotencyKey() }),
    onSettled: (_data, error) => {
      if (!error || (error instanceof ApiError && error.status === 409)) return queryClient.invalidateQueries({ queryKey: priceProposalKeys.detail(buybackId, token) });
    },
  });
}
