import type { DropOffStoresView } from '@server/application/organizations/stores/store-views';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api';
import { useWhiteLabel } from '../../../lib/white-label';

export type DropOffStores = DropOffStoresView;
export type DropOffStore = DropOffStoresView['items'][number];

/** Where the visitor searches from: nowhere yet (by name), a postal code, or the browser's position. */
export type StoreSearch = { by: 'none' } | { by: 'postalCode'; postalCode: string } | { by: 'position'; latitude: number; longitude: number };

function queryOf(search: StoreSearch): Record<string, string> {
  if (search.by === 'postalCode') return { postalCode: search.postalCode };
  if (search.by === 'position') return { latitude: String(search.latitude), longitude: String(search.longitude) };
  return {};
}

/** GET /white-label/stores: the retailer's drop-off stores, nearest first from the point searched. */
export const dropOffStoresQueryOptions = (accountId: string, search: StoreSearch) =>
  queryOptions({
    queryKey: ['white-label', 'stores', accountId, search] as const,
    queryFn: ({ signal }) => publicApi.get<DropOffStores>('/white-label/stores', { query: { accountId, ...queryOf(search) }, signal }),
    staleTime: 5 * 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });

export function useDropOffStores(search: StoreSearch) {
  const { accountId } = useWhiteLabel();
  return useQuery(dropOffStoresQueryOptions(accountId, search));
}
