import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { useAppEnvironment } from '../../app-environment';
import type { ProductView } from '@server/application/catalog/catalog-views';
import { productKeys } from '../../api/query-keys';

/** GET /products/{id}. */
export function getProduct(api: ApiClient, productId: string, signal?: AbortSignal): Promise<ProductView> {
  return api.get<ProductView>(`/products/${encodeURIComponent(productId)}`, { signal });
}

export const productQueryOptions = (api: ApiClient, productId: string) =>
  queryOptions({
    queryKey: productKeys.detail(productId),
    queryFn: ({ signal }) => getProduct(api, productId, signal),
    staleTime: 5 * 60_000,
    retry: (count, error) => count < 2 && !isClientError(error),
  });

export function useProduct(productId: string | undefined) {
  const { api } = useAppEnvironment();
  return useQuery({ ...productQueryOptions(api, productId ?? ''), enabled: Boolean(productId) });
}

/** 4xx answers (not found, unpublished, bad id) will not change on a retry. */
export function isClientError(error: unknown): boolean {
  const status = (error as { status?: number } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}
