import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import type { EntityBody } from '../form-model';

/** An entity's command: every entity query changes with it (lists, the tree, pickers, the detail and its history). */
function useEntityMutation<Input>(send: (input: Input) => Promise<CommandAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => queryClient.invalidateQueries({ queryKey: organizationKeys.all }) });
}

/** POST /api/organizations: a new entity (a retry with the same key answers the same entity). */
export function useCreateEntity() {
  return useEntityMutation(({ body, idempotencyKey }: { body: EntityBody; idempotencyKey: string }) =>
    api.post<CommandAnswer>('/organizations', body, { idempotencyKey }).then((response) => response.data),
  );
}

/** PATCH /api/organizations/{id} (a merge-patch): what the body names changes, If-Match the revision read. */
export function useUpdateEntity() {
  return useEntityMutation(({ id, body, revision }: { id: string; body: Partial<EntityBody> & { reason?: string | null }; revision: number }) =>
    api.request<CommandAnswer>('PATCH', `/organizations/${encodeURIComponent(id)}`, { body, ifMatch: `W/"${revision}"` }).then((response) => response.data),
  );
}
