import { queryOptions, useQuery } from '@tanstack/react-query';
import { supportKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import type { SupportOverview } from '../types';

/** How often the page reads the overview again: every 5 s, every second while a rebuild is queued or running. */
export const REFRESH_MS = 5_000;
export const REFRESH_WHILE_REBUILDING_MS = 1_000;

/** GET /api/platform/support: lags, checkpoints, backlogs, conflicts, rebuilds and support actions. */
export function getSupportOverview(signal?: AbortSignal): Promise<SupportOverview> {
  return api.get<SupportOverview>('/platform/support', { signal });
}

export const supportOverviewQueryOptions = () =>
  queryOptions({
    queryKey: supportKeys.overview(),
    queryFn: ({ signal }) => getSupportOverview(signal),
    refetchInterval: (query) =>
      query.state.data?.rebuilds.some((job) => job.status === 'queued' || job.status === 'running') ? REFRESH_WHILE_REBUILDING_MS : REFRESH_MS,
    refetchIntervalInBackground: false,
  });

export function useSupportOverview() {
  return useQuery(supportOverviewQueryOptions());
}
