import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiPaging } from '../../../hooks/use-list-params';
import { apiClientFilters, clientList, type ClientListParams } from '../list-params';
import type { ClientPage } from '../types';
import { clientKeys } from './keys';

/** GET /api/clients: one page of the clients. */
export function getClients(params: ClientListParams, signal?: AbortSignal): Promise<ClientPage> {
  return api.get<ClientPage>('/clients', { query: { ...apiClientFilters(params.filters), ...apiPaging(params, clientList) }, signal });
}

export function useClients(params: ClientListParams) {
  return useQuery(queryOptions({ queryKey: clientKeys.list(params), queryFn: ({ signal }) => getClients(params, signal), placeholderData: keepPreviousData }));
}
