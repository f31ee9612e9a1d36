import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AccountDeletionResult, CatalogueReindex } from '../types';
import { clientKeys } from './keys';

function useClientMutation<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }) });
}

/** POST /api/clients: a new client (its account and root organization). */
export function useCreateClient() {
  return useClientMutation((body: Record<string, unknown>) => api.post<CommandAnswer>('/clients', body).then((response) => response.data));
}

/** PATCH /api/clients/{id}: a merge-patch, If-Match the revision read. */
export function useUpdateClient() {
  return useClientMutation(({ id, body, revision }: { id: string; body: Record<string, unknown>; revision: number }) =>
    api.request<CommandAnswer>('PATCH', `/clients/${encodeURIComponent(id)}`, { body, ifMatch: `W/"${revision}"` }).then((response) => response.data),
  );
}

/** DELETE /api/accounts/{id}: 200 once its customers are forgotten, 202 with a job for a large account. */
export function useDeleteAccount() {
  return useClientMutation((id: string) => api.request<AccountDeletionResult>('DELETE', `/accounts/${encodeURIComponent(id)}`).then((response) => response));
}

/** POST /api/clients/{id}/catalogue-reindex: the catalogue's rebuilds, queued. */
export function useReindexCatalogue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<CatalogueReindex>(`/clients/${encodeURIComponent(id)}/catalogue-reindex`, {}).then((response) => response.data),
    onSuccess: (data, id) => queryClient.setQueryData(clientKeys.reindex(id), data),
  });
}
