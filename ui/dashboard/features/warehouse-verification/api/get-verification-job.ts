import type { VerificationJobView } from '@server/application/warehouse/warehouse-views';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { verificationKeys } from '../../../../shared/api/query-keys';
import { noRetryOnRefusal } from '../../../components/warehouse-item/api/retry';
import { api } from '../../../lib/api-client';

/** How often a job queued or running is asked again. */
export const JOB_POLL_MS = 500;

/** GET /api/verifications/jobs/{id}: a long list's verification, its progress, then its report or its error. */
export function getVerificationJob(id: string, signal?: AbortSignal): Promise<VerificationJobView> {
  return api.get<VerificationJobView>(`/verifications/jobs/${encodeURIComponent(id)}`, { signal });
}

export const verificationJobQueryOptions = (id: string) =>
  queryOptions({
    queryKey: verificationKeys.job(id),
    queryFn: ({ signal }) => getVerificationJob(id, signal),
    retry: noRetryOnRefusal,
    // Asked again until it is finished; a finished job never changes.
    refetchInterval: (query) => (query.state.data && (query.state.data.status === 'done' || query.state.data.status === 'failed') ? false : JOB_POLL_MS),
    staleTime: (query) => (query.state.data && (query.state.data.status === 'done' || query.state.data.status === 'failed') ? Infinity : 0),
  });

export function useVerificationJob(id: string) {
  return useQuery(verificationJobQueryOptions(id));
}
