import type { BuybackView } from '@server/application/buybacks/buyback-views';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { buybackKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';

/** The buyback's detail as every screen keeps it under its key (the trade-in detail reads the same entry). */
export interface BuybackWithVersion {
  buyback: BuybackView;
  etag: string | null;
}

/** GET /api/buybacks/{id}: the checked-in parcel's buyback, for its status. */
export async function getBuyback(id: string, signal?: AbortSignal): Promise<BuybackWithVersion> {
  const response = await api.request<BuybackView>('GET', `/buybacks/${encodeURIComponent(id)}`, { signal });
  return { buyback: response.data, etag: response.etag };
}

export function useBuybackStatus(id: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: buybackKeys.detail(id ?? ''),
      queryFn: ({ signal }) => getBuyback(id ?? '', signal),
      enabled: Boolean(id),
      staleTime: 0,
      select: (data) => data.buyback.status,
    }),
  );
}
