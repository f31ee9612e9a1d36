import { queryOptions, useQuery } from '@tanstack/react-query';
import { itemKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import type { ItemHistoryEntry } from '../types';

/** GET /api/items/{id}/history: every status and stock change, who, when, why and what changed; oldest first. */
export function getItemHistory(id: string, signal?: AbortSignal): Promise<ItemHistoryEntry[]> {
  return api.get<{ items: ItemHistoryEntry[] }>(`/items/${id}/history`, { signal }).then((body) => body.items);
}

export const itemHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: itemKeys.history(id),
    queryFn: ({ signal }) => getItemHistory(id, signal),
    staleTime: 30_000,
  });

export function useItemHistory(id: string) {
  return useQuery(itemHistoryQueryOptions(id));
}
