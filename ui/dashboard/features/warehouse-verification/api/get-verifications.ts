import type { ListPage } from '@server/application/views/schema';
import type { VerificationView } from '@server/application/warehouse/warehouse-views';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { verificationKeys } from '../../../../shared/api/query-keys';
import { apiPaging } from '../../../hooks/use-list-params';
import { api } from '../../../lib/api-client';
import { verificationList, type VerificationListParams } from '../list-params';

/** GET /api/verifications: one page of the verifications made in the user's warehouse, newest first. */
export function getVerifications(params: VerificationListParams, signal?: AbortSignal): Promise<ListPage<VerificationView>> {
  return api.get<ListPage<VerificationView>>('/verifications', { query: apiPaging(params, verificationList), signal });
}

export const verificationsQueryOptions = (params: VerificationListParams) =>
  queryOptions({
    queryKey: verificationKeys.list(params),
    queryFn: ({ signal }) => getVerifications(params, signal),
    placeholderData: keepPreviousData,
  });

export function useVerifications(params: VerificationListParams) {
  return useQuery(verificationsQueryOptions(params));
}
