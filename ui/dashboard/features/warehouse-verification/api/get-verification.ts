import type { VerificationView } from '@server/application/warehouse/warehouse-views';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { verificationKeys } from '../../../../shared/api/query-keys';
import { noRetryOnRefusal } from '../../../components/warehouse-item/api/retry';
import { api } from '../../../lib/api-client';

/** GET /api/verifications/{id}: one verification's report (a report never changes once made). */
export function getVerification(id: string, signal?: AbortSignal): Promise<VerificationView> {
  return api.get<VerificationView>(`/verifications/${encodeURIComponent(id)}`, { signal });
}

export const verificationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: verificationKeys.detail(id),
    queryFn: ({ signal }) => getVerification(id, signal),
    staleTime: Infinity,
    retry: noRetryOnRefusal,
  });

export function useVerification(id: string) {
  return useQuery(verificationQueryOptions(id));
}
