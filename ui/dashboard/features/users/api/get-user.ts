import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AssignableUserTypes, UserDetail, UserHistory } from '../types';
import { userKeys } from './user-keys';

/** GET /api/users/{id}: one user, with their revision (for If-Match). */
export function useUser(id: string) {
  return useQuery({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => api.get<UserDetail>(`/users/${encodeURIComponent(id)}`, { signal }) });
}

/** GET /api/users/{id}/history: what happened to the user, oldest first. */
export function useUserHistory(id: string) {
  return useQuery({
    queryKey: userKeys.history(id),
    queryFn: ({ signal }) => api.get<UserHistory>(`/users/${encodeURIComponent(id)}/history`, { signal }).then((history) => history.items),
  });
}

/** GET /api/assignable-user-types: the roles per module, and the admin types the caller may give. */
export function useAssignableUserTypes() {
  return useQuery({ queryKey: userKeys.assignable(), queryFn: ({ signal }) => api.get<AssignableUserTypes>('/assignable-user-types', { signal }), staleTime: 5 * 60_000 });
}

/** An entity a module's role may name. */
export interface EntityChoice {
  id: string;
  commonName: string;
  type: string;
  accountId: string;
}

/** GET /api/organizations (every entity the caller sees, at most 1,000): the parent entities the form offers. */
export function useEntityChoices() {
  return useQuery({
    queryKey: userKeys.entities(),
    queryFn: ({ signal }) =>
      api
        .get<{ items: EntityChoice[] }>('/organizations', { query: { pagination: false }, signal })
        .then((page) => page.items.map(({ id, commonName, type, accountId }) => ({ id, commonName, type, accountId }))),
    staleTime: 60_000,
  });
}
