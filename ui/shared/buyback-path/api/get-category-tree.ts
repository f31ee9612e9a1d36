import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { useAppEnvironment } from '../../app-environment';
import type { CategoryNode } from '../types';

/** GET /categories/tree: the tenant's categories, children by label, with published-product counts. */
export function getCategoryTree(api: ApiClient, signal?: AbortSignal): Promise<CategoryNode[]> {
  return api.get<{ items: CategoryNode[] }>('/categories/tree', { signal }).then((answer) => answer.items);
}

/** Same key and shape as the storefront's catalogue pages: one cached tree for both. */
export const categoryTreeQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: ['categories', 'tree'],
    queryFn: ({ signal }) => getCategoryTree(api, signal),
    staleTime: 5 * 60_000,
  });

export function useCategoryTree() {
  const { api } = useAppEnvironment();
  return useQuery(categoryTreeQueryOptions(api));
}
