import { useQuery } from '@tanstack/react-query';
import { organizationKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import type { Entity, EntityHistoryEntry, EntitySummary, ListPage, OrganizationType } from '../types';

/** GET /api/organizations/{id}: one entity with its revision (for If-Match). */
export function useEntity(id: string) {
  return useQuery({ queryKey: organizationKeys.detail(id), queryFn: ({ signal }) => api.get<Entity>(`/organizations/${encodeURIComponent(id)}`, { signal }) });
}

/** GET /api/organizations/{id}/history: its events, oldest first. */
export function useEntityHistory(id: string) {
  return useQuery({
    queryKey: organizationKeys.history(id),
    queryFn: ({ signal }) => api.get<{ items: EntityHistoryEntry[] }>(`/organizations/${encodeURIComponent(id)}/history`, { signal }).then((answer) => answer.items),
  });
}

/** GET /api/organizations/available-parents: where an entity of this type may hang (for one being edited: not under itself). */
export function useAvailableParents(type: OrganizationType, organizationId: string | null) {
  return useQuery({
    queryKey: organizationKeys.parents(type, organizationId),
    queryFn: ({ signal }) =>
      api
        .get<{ items: EntitySummary[] }>('/organizations/available-parents', { query: { type, organizationId: organizationId ?? undefined }, signal })
        .then((answer) => answer.items),
  });
}

/** The buyers of the tenant, for the buyer field (GET /api/organizations?type[]=buyer, unpaged). */
export function useBuyers() {
  return useQuery({
    queryKey: organizationKeys.buyers(),
    queryFn: ({ signal }) =>
      api.get<ListPage<Entity>>('/organizations', { query: { type: ['buyer'], pagination: false }, signal }).then((page) => page.items),
  });
}
