import type { BuybackJourneyView } from '@server/application/logistics/tracking/journey-views';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api';

/** GET /api/public/buybacks/{id}/tracking?token=: the buyback's journey as its customer follows it. */
export type BuybackJourney = BuybackJourneyView;

export const journeyKeys = {
  detail: (buybackId: string, token: string) => ['tracking', buybackId, token] as const,
};

export function getJourney(buybackId: string, token: string, signal?: AbortSignal): Promise<BuybackJourney> {
  return publicApi.get<BuybackJourney>(`/public/buybacks/${encodeURIComponent(buybackId)}/tracking`, { query: { token }, signal });
}

export const journeyQueryOptions = (buybackId: string, token: string) =>
  queryOptions({
    queryKey: journeyKeys.detail(buybackId, token),
    queryFn: ({ signal }) => getJourney(buybackId, token, signal),
    // A wrong or expired link (404, 410) will not become right by asking again.
    retry: false,
  });

export function useJourney(buybackId: string, token: string) {
  return useQuery({ ...journeyQueryOptions(buybackId, token), enabled: Boolean(buybackId && token) });
}
