import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { transportKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import { apiPaging } from '../../../hooks/use-list-params';
import { apiTransportFilters, transportList, type TransportListParams } from '../list-params';
import type { TransportPage } from '../types';

/** GET /api/transports: one page of the transports the user may see (a store's packages, a warehouse's arrivals and returns…). */
export function getTransports(params: TransportListParams, signal?: AbortSignal): Promise<TransportPage> {
  return api.get<TransportPage>('/transports', { query: { ...apiTransportFilters(params.filters), ...apiPaging(params, transportList) }, signal });
}

export const transportsQueryOptions = (params: TransportListParams) =>
  queryOptions({
    queryKey: transportKeys.list(params),
    queryFn: ({ signal }) => getTransports(params, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useTransports(params: TransportListParams) {
  return useQuery(transportsQueryOptions(params));
}
