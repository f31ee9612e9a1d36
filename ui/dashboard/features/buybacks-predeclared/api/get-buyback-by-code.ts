import type { BuybackView } from '@server/application/buybacks/buyback-views';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { buybackKeys } from '../../../../shared/api/query-keys';
import { api, ApiError } from '../../../lib/api-client';

export interface BuybackByCode {
  buyback: BuybackView;
  /** The revision the finalize sends back in If-Match. */
  etag: string | null;
}

/** GET /buybacks/by-identification-number/{code}: the buyback as the store will take it, with its ETag. */
export async function getBuybackByCode(code: string, signal?: AbortSignal): Promise<BuybackByCode> {
  const response = await api.request<BuybackView>('GET', `/buybacks/by-identification-number/${encodeURIComponent(code)}`, { signal });
  return { buyback: response.data, etag: response.etag };
}

export const buybackByCodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: buybackKeys.byCode(code),
    queryFn: ({ signal }) => getBuybackByCode(code, signal),
    staleTime: 0,
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });

export function useBuybackByCode(code: string, enabled = true) {
  return useQuery({ ...buybackByCodeQueryOptions(code), enabled });
}
