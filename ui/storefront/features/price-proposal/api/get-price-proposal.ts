import type { PriceProposalView } from '@server/application/buybacks/buyback-views';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { priceProposalKeys } from '../../../../shared/api/query-keys';
import { publicApi } from '../../../lib/api';

/** GET /api/public/buybacks/{id}/price-proposal?token=: the proposal as the customer sees it. */
export type PriceProposal = PriceProposalView;

export function getPriceProposal(buybackId: string, token: string, signal?: AbortSignal): Promise<PriceProposal> {
  return publicApi.get<PriceProposal>(`/public/buybacks/${encodeURIComponent(buybackId)}/price-proposal`, { query: { token }, signal });
}

export const priceProposalQueryOptions = (buybackId: string, token: string) =>
  queryOptions({
    queryKey: priceProposalKeys.detail(buybackId, token),
    queryFn: ({ signal }) => getPriceProposal(buybackId, token, signal),
    // A wrong link (404) will not become right by asking again.
    retry: false,
  });

export function usePriceProposal(buybackId: string, token: string) {
  return useQuery({ ...priceProposalQueryOptions(buybackId, token), enabled: Boolean(buybackId && token) });
}
