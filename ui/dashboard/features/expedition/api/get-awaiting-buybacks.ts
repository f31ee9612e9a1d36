import type { AwaitingShipmentPage } from '@server/application/logistics/logistics-views';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { expeditionKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import { apiPaging } from '../../../hooks/use-list-params';
import { awaitingList, type AwaitingListParams } from '../list-params';

/** GET /api/expedition/buybacks: the devices of the user's store waiting to leave, each with its open package if any. */
export function getAwaitingBuybacks(params: AwaitingListParams, signal?: AbortSignal): Promise<AwaitingShipmentPage> {
  return api.get<AwaitingShipmentPage>('/expedition/buybacks', { query: apiPaging(params, awaitingList), signal });
}

export function useAwaitingBuybacks(params: AwaitingListParams) {
  return useQuery(
    queryOptions({
      queryKey: expeditionKeys.list(params),
      queryFn: ({ signal }) => getAwaitingBuybacks(params, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
