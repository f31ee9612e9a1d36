import type { BuybackPage } from '@server/application/buybacks/buyback-views';
import { useQuery } from '@tanstack/react-query';
import { buybackKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';

/** How many announced parcels the check-in shows (the oldest delivered first: they have waited longest). */
export const ARRIVALS_SHOWN = 20;

const ARRIVALS_QUERY = {
  'status[]': 'bb_in_transit',
  'deliveryStatus[]': 'DELIVERED_OK',
  'order[updatedAt]': 'asc',
  itemsPerPage: ARRIVALS_SHOWN,
} as const;

/**
 * GET /api/buybacks?status[]=bb_in_transit&deliveryStatus[]=DELIVERED_OK: the
 * parcels the carrier says it delivered to the user's warehouse (the list
 * shows a warehouse user only theirs) that nobody checked in yet. A check-in
 * refreshes it (it invalidates every buyback list).
 */
export function useAnnouncedArrivals() {
  return useQuery({
    queryKey: buybackKeys.list({ announced: ARRIVALS_QUERY }),
    queryFn: ({ signal }) => api.get<BuybackPage>('/buybacks', { query: ARRIVALS_QUERY, signal }),
    refetchInterval: 60_000,
  });
}
