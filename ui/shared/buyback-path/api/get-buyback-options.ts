import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { useAppEnvironment } from '../../app-environment';
import type { BuybackOptionsView } from '@server/application/catalog/catalog-views';
import { productKeys } from '../../api/query-keys';
import { isClientError } from './get-product';

/** GET /products/{id}/buyback-options?channel=: the circuits, shipping methods and payment modes open to the product. */
export function getBuybackOptions(api: ApiClient, productId: string, channel: 'store' | 'web', signal?: AbortSignal): Promise<BuybackOptionsView> {
  return api.get<BuybackOptionsView>(`/products/${encodeURIComponent(productId)}/buyback-options`, { query: { channel }, signal });
}

export const buybackOptionsQueryOptions = (api: ApiClient, productId: string, channel: 'store' | 'web') =>
  queryOptions({
    queryKey: productKeys.buybackOptions(productId, channel),
    queryFn: ({ signal }) => getBuybackOptions(api, productId, channel, signal),
    staleTime: 5 * 60_000,
    retry: (count, error) => count < 2 && !isClientError(error),
  });

export function useBuybackOptions(productId: string | undefined) {
  const { api, channel } = useAppEnvironment();
  return useQuery({ ...buybackOptionsQueryOptions(api, productId ?? '', channel), enabled: Boolean(productId) });
}
