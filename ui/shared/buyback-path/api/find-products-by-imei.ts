import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { useAppEnvironment } from '../../app-environment';
import type { ImeiSearchView } from '@server/application/catalog/catalog-views';
import type { Static } from '@server/application/views/schema';
import { productKeys } from '../../api/query-keys';

export type ProductsByImei = Static<typeof ImeiSearchView>;

/** GET /products/by-imei: the published products whose TAC codes match the IMEI (premium feature imei_search_and_collect). */
export function findProductsByImei(api: ApiClient, imei: string, signal?: AbortSignal): Promise<ProductsByImei> {
  return api.get<ProductsByImei>('/products/by-imei', { query: { imei }, signal });
}

export const productsByImeiQueryOptions = (api: ApiClient, imei: string) =>
  queryOptions({
    queryKey: productKeys.byImei(imei),
    queryFn: ({ signal }) => findProductsByImei(api, imei, signal),
    retry: false,
  });

export function useProductsByImei(imei: string | null) {
  const { api } = useAppEnvironment();
  return useQuery({ ...productsByImeiQueryOptions(api, imei ?? ''), enabled: imei !== null });
}
