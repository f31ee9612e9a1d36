import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { UserBody } from '../form-model';
import { userKeys } from './user-keys';

/** POST /api/users: a new user (invited by e-mail). */
export function createUser(body: UserBody): Promise<CommandAnswer> {
  return api.post<CommandAnswer>('/users', body).then((response) => response.data);
}

export interface UpdateUserInput {
  id: string;
  body: Partial<UserBody> & { reason?: string | null };
  /** The revision the form was loaded at: a change by someone else since is refused (412). */
  revision: number;
}

/** PATCH /api/users/{id} (merge-patch): what the body names changes, If-Match the revision read. */
export function updateUser({ id, body, revision }: UpdateUserInput): Promise<CommandAnswer> {
  return api.request<CommandAnswer>('PATCH', `/users/${encodeURIComponent(id)}`, { body, ifMatch: `W/"${revision}"` }).then((response) => response.data);
}

function useUserMutation<Input>(send: (input: Input) => Promise<CommandAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }) });
}

export const useCreateUser = () => useUserMutation(createUser);
export const useUpdateUser = () => useUserMutation(updateUser);
