import type { ProductView } from '@server/application/catalog/catalog-views';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { productKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';

/** What the product filter shows of a product. */
export type ProductSummary = Pick<ProductView, 'id' | 'label' | 'brand'>;

/** The filter's search: every product (drafts too: old buybacks name them), by label. */
const filterQuery = (search: string) => ({ search, status: 'all', itemsPerPage: 20, 'order[label]': 'asc' }) as const;

/** GET /api/products?search=: the products matching the words typed in the product filter. */
export function searchProducts(search: string, signal?: AbortSignal): Promise<ProductView[]> {
  return api.get<{ items: ProductView[] }>('/products', { query: filterQuery(search), signal }).then((body) => body.items);
}

export const productSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: productKeys.search(filterQuery(search)),
    queryFn: ({ signal }) => searchProducts(search, signal),
    enabled: search.trim().length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useProductSearch(search: string) {
  return useQuery(productSearchQueryOptions(search));
}

/** GET /api/products/{id}: the label of the product a filter names. */
export function getProduct(id: string, signal?: AbortSignal): Promise<ProductView> {
  return api.get<ProductView>(`/products/${id}`, { signal });
}

export const productQueryOptions = (id: string) =>
  queryOptions({ queryKey: productKeys.detail(id), queryFn: ({ signal }) => getProduct(id, signal), enabled: !!id, staleTime: 5 * 60_000 });

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}
