import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { buybackKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import { apiPaging } from '../../../hooks/use-list-params';
import { apiFilters, buybackList, type BuybackListParams } from '../list-params';
import type { BuybackListPage } from '../types';

/** GET /api/buybacks: one page of the buybacks the user may see, filtered and sorted. */
export function getBuybacks(params: BuybackListParams, signal?: AbortSignal): Promise<BuybackListPage> {
  return api.get<BuybackListPage>('/buybacks', { query: { ...apiFilters(params.filters), ...apiPaging(params, buybackList) }, signal });
}

export const buybacksQueryOptions = (params: BuybackListParams) =>
  queryOptions({
    queryKey: buybackKeys.list(params),
    queryFn: ({ signal }) => getBuybacks(params, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useBuybacks(params: BuybackListParams) {
  return useQuery(buybacksQueryOptions(params));
}
