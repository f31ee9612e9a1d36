import type { CommandAnswer } from '@server/application/views/schema';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { categoryKeys, estimateKeys, productKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import { apiPaging } from '../../../hooks/use-list-params';
import type { ProductBody } from '../form-model';
import { apiProductFilters, productList, type ProductListParams } from '../list-params';
import type { CategoryNodeView, PriceHistory, ProductDetail, ProductHistory, ProductListPage } from '../types';

/** The products screens' queries, under `productKeys.all` (a change refreshes the storefront's and the wizard's searches too). */
const keys = {
  list: (params: object) => [...productKeys.all, 'admin-list', params] as const,
  detail: (id: string) => [...productKeys.all, 'admin-detail', id] as const,
  priceHistory: (id: string) => [...productKeys.all, 'admin-detail', id, 'price-history'] as const,
  history: (id: string) => [...productKeys.all, 'admin-detail', id, 'history'] as const,
};

/**
 * GET /api/products: one page of the catalogue, with the list's filters. A
 * name searched in the default order is asked without one: the search
 * engine's best matches come first.
 */
export function getProducts(params: ProductListParams, signal?: AbortSignal): Promise<ProductListPage> {
  const paging = apiPaging(params, productList);
  const ranked = params.filters.name.trim() !== '' && params.sort === productList.defaultSort && params.direction === productList.defaultDirection;
  const query = ranked ? Object.fromEntries(Object.entries(paging).filter(([key]) => !key.startsWith('order['))) : paging;
  return api.get<ProductListPage>('/products', { query: { ...apiProductFilters(params.filters), ...query }, signal });
}

export function useProducts(params: ProductListParams) {
  return useQuery(queryOptions({ queryKey: keys.list(params), queryFn: ({ signal }) => getProducts(params, signal), placeholderData: keepPreviousData }));
}

export function useProduct(id: string) {
  return useQuery({ queryKey: keys.detail(id), queryFn: ({ signal }) => api.get<ProductDetail>(`/products/${encodeURIComponent(id)}/details`, { signal }) });
}

export function usePriceHistory(id: string) {
  return useQuery({
    queryKey: keys.priceHistory(id),
    queryFn: ({ signal }) => api.get<PriceHistory>(`/products/${encodeURIComponent(id)}/price-history`, { signal }).then((answer) => answer.items),
  });
}

export function useProductHistory(id: string) {
  return useQuery({
    queryKey: keys.history(id),
    queryFn: ({ signal }) => api.get<ProductHistory>(`/products/${encodeURIComponent(id)}/history`, { signal }).then((answer) => answer.items),
  });
}

/** GET /api/categories/tree: the categories the form and the filter choose from. */
export function useCategoryTree() {
  return useQuery({ queryKey: categoryKeys.tree(), queryFn: ({ signal }) => api.get<{ items: CategoryNodeView[] }>('/categories/tree', { signal }).then((answer) => answer.items) });
}

/** A product command: the lists, the storefront's searches and the estimates change with it. */
function useProductMutation<Input>(send: (input: Input) => Promise<CommandAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => Promise.all([productKeys.all, estimateKeys.all, categoryKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export function useCreateProduct() {
  return useProductMutation(({ body, idempotencyKey }: { body: ProductBody; idempotencyKey: string }) =>
    api.request<CommandAnswer>('POST', '/products', { body, idempotencyKey }).then((response) => response.data),
  );
}

/** PATCH /api/products/{id} (merge-patch): what the body names changes, If-Match the revision read. */
export function useUpdateProduct() {
  return useProductMutation(({ id, body, revision }: { id: string; body: Partial<ProductBody>; revision: number }) =>
    api.request<CommandAnswer>('PATCH', `/products/${encodeURIComponent(id)}`, { body, ifMatch: `W/"${revision}"` }).then((response) => response.data),
  );
}

export function usePublication() {
  return useProductMutation(({ id, publish, revision }: { id: string; publish: boolean; revision: number }) =>
    api.request<CommandAnswer>('POST', `/products/${encodeURIComponent(id)}/${publish ? 'publish' : 'unpublish'}`, { ifMatch: `W/"${revision}"` }).then((response) => response.data),
  );
}

/** PUT /api/products/{id}/images/{kind}: the file itself; its type is read from its content by the API. */
export function useUploadImage() {
  return useProductMutation(({ id, kind, file, revision }: { id: string; kind: 'image' | 'hd'; file: File; revision: number }) =>
    api
      .request<CommandAnswer>('PUT', `/products/${encodeURIComponent(id)}/images/${kind}`, { upload: { data: file, contentType: 'application/octet-stream' }, ifMatch: `W/"${revision}"` })
      .then((response) => response.data),
  );
}
