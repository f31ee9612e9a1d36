import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { useAppEnvironment } from '../../app-environment';
import type { CategoryNodeView } from '@server/application/catalog/catalog-views';
import { categoryKeys } from '../../api/query-keys';

/** GET /categories/tree: the tenant's categories, children by label, with published-product counts. */
export function getCategoryTree(api: ApiClient, signal?: AbortSignal): Promise<CategoryNodeView[]> {
  return api.get<{ items: CategoryNodeView[] }>('/categories/tree', { signal }).then((answer) => answer.items);
}

/** Same key and shape as the storefront's catalogue pages: one cached tree for both. */
export const categoryTreeQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: categoryKeys.tree(),
    queryFn: ({ signal }) => getCategoryTree(api, signal),
    staleTime: 5 * 60_000,
  });

export function useCategoryTree() {
  const { api } = useAppEnvironment();
  return useQuery(categoryTreeQueryOptions(api));
}
