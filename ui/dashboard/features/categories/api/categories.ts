import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { categoryKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import type { ArchiveCheckpoints, Category, CategoryAdminNode, CategoryBody, CategoryHistoryEntry, ParentChange } from '../types';

/** The category screens' queries, under `categoryKeys.all` (a change refreshes the storefront's tree and the wizard's too). */
const keys = {
  tree: () => [...categoryKeys.all, 'admin-tree'] as const,
  detail: (id: string) => [...categoryKeys.all, 'admin-detail', id] as const,
  history: (id: string) => [...categoryKeys.all, 'admin-detail', id, 'history'] as const,
  checkpoints: (id: string) => [...categoryKeys.all, 'admin-detail', id, 'checkpoints'] as const,
};
const path = (id: string) => `/categories/${encodeURIComponent(id)}`;

/** GET /api/categories/connected-tree: the whole catalogue with its counts, archived categories included. */
export function useCategoryTree() {
  return useQuery({ queryKey: keys.tree(), queryFn: ({ signal }) => api.get<{ items: CategoryAdminNode[] }>('/categories/connected-tree', { signal }).then((a) => a.items) });
}

export function useCategory(id: string) {
  return useQuery({ queryKey: keys.detail(id), queryFn: ({ signal }) => api.get<Category>(path(id), { signal }) });
}

export function useCategoryHistory(id: string) {
  return useQuery({ queryKey: keys.history(id), queryFn: ({ signal }) => api.get<{ items: CategoryHistoryEntry[] }>(`${path(id)}/history`, { signal }).then((a) => a.items) });
}

export function useArchiveCheckpoints(id: string, enabled: boolean) {
  return useQuery({ queryKey: keys.checkpoints(id), enabled, queryFn: ({ signal }) => api.get<ArchiveCheckpoints>(`${path(id)}/checkpoints-to-archive`, { signal }) });
}

/** GET /api/categories/{id}/parent-change: the inherited questions a move loses and gains. */
export function parentChange(id: string, parentId: string | null): Promise<ParentChange> {
  return api.get<ParentChange>(`${path(id)}/parent-change`, { query: { parentId: parentId ?? undefined } });
}

/** The buyers and warehouses of the tenant (GET /api/organizations?type[]=…, unpaged), for the buyer and the reference workshops. */
export function useOrganizationsOfType(type: 'buyer' | 'warehouse') {
  return useQuery({
    queryKey: ['organizations', 'category-form', type],
    queryFn: ({ signal }) => api.get<{ items: Array<{ id: string; commonName: string }> }>('/organizations', { query: { type: [type], pagination: false }, signal }).then((page) => page.items),
  });
}

/** The circuits of the catalogue (GET /api/circuits, unpaged), to link them. */
export function useCircuits(enabled: boolean) {
  return useQuery({
    queryKey: ['circuits', 'category-form'],
    enabled,
    queryFn: ({ signal }) => api.get<{ items: Array<{ id: string; name: string; channel: string; status: string }> }>('/circuits', { query: { pagination: false }, signal }).then((page) => page.items),
  });
}

function useCategoryMutation<Input>(send: (input: Input) => Promise<CommandAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }) });
}

export function useCreateCategory() {
  return useCategoryMutation(({ body, idempotencyKey }: { body: CategoryBody; idempotencyKey: string }) =>
    api.post<CommandAnswer>('/categories', body, { idempotencyKey }).then((r) => r.data),
  );
}

/** PATCH /api/categories/{id} (a merge-patch), If-Match the revision read. */
export function useUpdateCategory() {
  return useCategoryMutation(({ id, body, revision }: { id: string; body: Partial<CategoryBody>; revision: number }) =>
    api.request<CommandAnswer>('PATCH', path(id), { body, ifMatch: `W/"${revision}"` }).then((r) => r.data),
  );
}

export function useArchiveCategory() {
  return useCategoryMutation(({ id, revision }: { id: string; revision: number }) =>
    api.request<CommandAnswer>('POST', `${path(id)}/archive`, { body: {}, ifMatch: `W/"${revision}"` }).then((r) => r.data),
  );
}

export function useDeleteCategory() {
  return useCategoryMutation(({ id }: { id: string }) => api.request<CommandAnswer>('DELETE', path(id)).then((r) => r.data));
}

export function useCircuitLink() {
  return useCategoryMutation(({ id, circuitId, linked }: { id: string; circuitId: string; linked: boolean }) =>
    api.request<CommandAnswer>(linked ? 'POST' : 'DELETE', `${path(id)}/circuits/${encodeURIComponent(circuitId)}`).then((r) => r.data),
  );
}

/** POST /api/categories/images: the file itself; its type is read from its content by the API. */
export function useUploadCategoryImage() {
  return useMutation({
    mutationFn: (file: File) =>
      api.request<{ id: string; url: string }>('POST', '/categories/images', { upload: { data: file, contentType: 'application/octet-stream' } }).then((r) => r.data),
  });
}
