import { queryOptions, useQuery } from '@tanstack/react-query';
import { buybackKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import type { HistoryEntry } from '../types';

/** GET /api/buybacks/{id}/history: every event, who, when and why. */
export function getBuybackHistory(id: string, signal?: AbortSignal): Promise<HistoryEntry[]> {
  return api.get<{ items: HistoryEntry[] }>(`/buybacks/${id}/history`, { signal }).then((body) => body.items);
}

export const buybackHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: buybackKeys.history(id),
    queryFn: ({ signal }) => getBuybackHistory(id, signal),
    staleTime: 0,
  });

export function useBuybackHistory(id: string) {
  return useQuery(buybackHistoryQueryOptions(id));
}
