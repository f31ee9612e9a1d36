import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { organizationKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import { apiPaging } from '../../../hooks/use-list-params';
import { apiEntityFilters, entityList, type EntityListParams } from '../list-params';
import type { EntityRow, ListPage } from '../types';

/** GET /api/organizations: one page of the caller's entities. */
export function getEntities(params: EntityListParams, signal?: AbortSignal): Promise<ListPage<EntityRow>> {
  return api.get<ListPage<EntityRow>>('/organizations', { query: { ...apiEntityFilters(params.filters), ...apiPaging(params, entityList) }, signal });
}

export function useEntities(params: EntityListParams) {
  return useQuery(queryOptions({ queryKey: organizationKeys.list(params), queryFn: ({ signal }) => getEntities(params, signal), placeholderData: keepPreviousData }));
}
