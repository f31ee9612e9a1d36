import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { replayKeys } from '../../../../shared/api/query-keys';
import { noRetryOnRefusal } from '../../../components/warehouse-item/api/retry';
import { api } from '../../../lib/api-client';
import { replayQuery, type Moment } from '../moment';
import type { Replay } from '../replay-data';

/** GET /api/buybacks/{id}/replay?upTo=|at=: the buyback and its item at that moment, and every event of both. */
export function getReplay(buybackId: string, moment: Moment, signal?: AbortSignal): Promise<Replay> {
  return api.get<Replay>(`/buybacks/${encodeURIComponent(buybackId)}/replay`, { query: replayQuery(moment), signal });
}

export const replayQueryOptions = (buybackId: string, moment: Moment) =>
  queryOptions({
    queryKey: replayKeys.of(buybackId, replayQuery(moment)),
    queryFn: ({ signal }) => getReplay(buybackId, moment, signal),
    // Stepping keeps the previous moment on screen until the next one is there.
    placeholderData: keepPreviousData,
    retry: noRetryOnRefusal,
  });

export function useReplay(buybackId: string, moment: Moment) {
  return useQuery(replayQueryOptions(buybackId, moment));
}
