import { queryOptions, useQuery } from '@tanstack/react-query';
import { buybackKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import type { Buyback } from '../types';

export interface BuybackWithVersion {
  buyback: Buyback;
  /** The revision to send back in If-Match with a command. */
  etag: string | null;
}

/** GET /api/buybacks/{id}, with its ETag. */
export async function getBuyback(id: string, signal?: AbortSignal): Promise<BuybackWithVersion> {
  const response = await api.request<Buyback>('GET', `/buybacks/${id}`, { signal });
  return { buyback: response.data, etag: response.etag };
}

export const buybackQueryOptions = (id: string) =>
  queryOptions({
    queryKey: buybackKeys.detail(id),
    queryFn: ({ signal }) => getBuyback(id, signal),
    staleTime: 0,
  });

export function useBuyback(id: string) {
  return useQuery(buybackQueryOptions(id));
}
