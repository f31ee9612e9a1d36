import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { itemKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import type { ItemPage } from '../types';

/** The query of one page of GET /items: a list's filters (as the API names them) and its paging. */
export type ItemsQuery = Record<string, string | number | boolean | readonly string[] | undefined>;

/** GET /api/items: one page of the items the user may see, filtered and sorted. */
export function getItems(query: ItemsQuery, signal?: AbortSignal): Promise<ItemPage> {
  return api.get<ItemPage>('/items', { query, signal });
}

/** Every list of items (the stock's, the quarantine's) asks through here: its key holds the whole query. */
export const itemsQueryOptions = (query: ItemsQuery) =>
  queryOptions({
    queryKey: itemKeys.list(query),
    queryFn: ({ signal }) => getItems(query, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useItems(query: ItemsQuery) {
  return useQuery(itemsQueryOptions(query));
}
