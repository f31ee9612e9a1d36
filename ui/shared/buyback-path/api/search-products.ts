import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { useAppEnvironment } from '../../app-environment';
import type { ProductPage } from '@server/application/catalog/catalog-views';
import { productKeys } from '../../api/query-keys';

/** GET /products: the published catalogue by keyword (label, brand, model, EAN) or category. */
export interface ProductSearchQuery {
  search?: string;
  categoryId?: string;
  page: number;
  itemsPerPage: number;
}

export function searchProducts(api: ApiClient, query: ProductSearchQuery, signal?: AbortSignal): Promise<ProductPage> {
  return api.get<ProductPage>('/products', {
    query: { search: query.search, categoryId: query.categoryId, page: query.page, itemsPerPage: query.itemsPerPage, status: 'published' },
    signal,
  });
}

export const productSearchQueryOptions = (api: ApiClient, query: ProductSearchQuery) =>
  queryOptions({
    queryKey: productKeys.search({ ...query, status: 'published' }),
    queryFn: ({ signal }) => searchProducts(api, query, signal),
    placeholderData: keepPreviousData,
  });

export function useProductSearch(query: ProductSearchQuery, enabled: boolean) {
  const { api } = useAppEnvironment();
  return useQuery({ ...productSearchQueryOptions(api, query), enabled });
}
