import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Client, ClientHistoryEntry, LinkedBuyers } from '../types';
import { clientKeys } from './keys';

/** GET /api/clients/{id}: every field of the form, with its revision (for If-Match). */
export function useClient(id: string) {
  return useQuery({ enabled: id !== '', queryKey: clientKeys.detail(id), queryFn: ({ signal }) => api.get<Client>(`/clients/${encodeURIComponent(id)}`, { signal }) });
}

/** GET /api/clients/{id}/history: its changes, oldest first. */
export function useClientHistory(id: string) {
  return useQuery({
    queryKey: clientKeys.history(id),
    queryFn: ({ signal }) => api.get<{ items: ClientHistoryEntry[] }>(`/clients/${encodeURIComponent(id)}/history`, { signal }).then((body) => body.items),
  });
}

/** GET /api/account/{accountId}/linked-buyers. */
export function useLinkedBuyers(id: string) {
  return useQuery({ enabled: id !== '', queryKey: clientKeys.linkedBuyers(id), queryFn: ({ signal }) => api.get<LinkedBuyers>(`/account/${encodeURIComponent(id)}/linked-buyers`, { signal }) });
}
