import type { ItemPage } from '@server/application/warehouse/warehouse-views';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { itemKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';

/** GET /api/items?buybackId=: the buyback's device in the warehouse (its item), when the user may see it. */
export function getBuybackItems(buybackId: string, signal?: AbortSignal): Promise<ItemPage> {
  return api.get<ItemPage>('/items', { query: { buybackId, itemsPerPage: 1, partial: true }, signal });
}

export const buybackItemQueryOptions = (buybackId: string) =>
  queryOptions({
    // The page as the API answers it, under the list keys: an item command refreshes it with every item list.
    queryKey: itemKeys.list({ buybackId, itemsPerPage: 1 }),
    queryFn: ({ signal }) => getBuybackItems(buybackId, signal),
    select: (page) => page.items[0] ?? null,
  });

/** Asked only when `enabled` (the user may list items: item.list). */
export function useBuybackItem(buybackId: string, enabled: boolean) {
  return useQuery({ ...buybackItemQueryOptions(buybackId), enabled });
}
