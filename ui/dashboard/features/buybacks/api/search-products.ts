import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ProductSummary {
  id: string;
  label: string;
  brand: string;
}

/** GET /api/products?search=: the products matching the words typed in the product filter. */
export function searchProducts(search: string, signal?: AbortSignal): Promise<ProductSummary[]> {
  return api
    .get<{ items: ProductSummary[] }>('/products', { query: { search, status: 'all', itemsPerPage: 20, 'order[label]': 'asc' }, signal })
    .then((body) => body.items);
}

export const productSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['products', 'search', search],
    queryFn: ({ signal }) => searchProducts(search, signal),
    enabled: search.trim().length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useProductSearch(search: string) {
  return useQuery(productSearchQueryOptions(search));
}

/** GET /api/products/{id}: the label of the product a filter names. */
export function getProduct(id: string, signal?: AbortSignal): Promise<ProductSummary> {
  return api.get<ProductSummary>(`/products/${id}`, { signal });
}

export const productQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['products', 'detail', id], queryFn: ({ signal }) => getProduct(id, signal), enabled: !!id, staleTime: 5 * 60_000 });

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}
