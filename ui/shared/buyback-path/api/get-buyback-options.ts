import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { useAppEnvironment } from '../../app-environment';
import type { BuybackOptions } from '../types';
import { isClientError } from './get-product';

/** GET /products/{id}/buyback-options?channel=: the circuits, shipping methods and payment modes open to the product. */
export function getBuybackOptions(api: ApiClient, productId: string, channel: 'store' | 'web', signal?: AbortSignal): Promise<BuybackOptions> {
  return api.get<BuybackOptions>(`/products/${encodeURIComponent(productId)}/buyback-options`, { query: { channel }, signal });
}

export const buybackOptionsQueryOptions = (api: ApiClient, productId: string, channel: 'store' | 'web') =>
  queryOptions({
    queryKey: ['products', 'detail', productId, 'buyback-options', channel],
    queryFn: ({ signal }) => getBuybackOptions(api, productId, channel, signal),
    staleTime: 5 * 60_000,
    retry: (count, error) => count < 2 && !isClientError(error),
  });

export function useBuybackOptions(productId: string | undefined) {
  const { api, channel } = useAppEnvironment();
  return useQuery({ ...buybackOptionsQueryOptions(api, productId ?? '', channel), enabled: Boolean(productId) });
}
