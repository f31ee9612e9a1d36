import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ItemEconomicsView } from '@server/application/refurbishment/economics/economics-views';
import type { CommandAnswer } from '@server/application/views/schema';
import { itemKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import { noRetryOnRefusal } from '../../../components/warehouse-item/api/retry';

export type ItemEconomics = ItemEconomicsView;

const economicsKey = (id: string) => [...itemKeys.detail(id), 'economics'] as const;

/** GET /api/items/{id}/economics: paid price, planned and completed refurbishment cost, time per step, margin. */
export function getItemEconomics(id: string, signal?: AbortSignal): Promise<ItemEconomics> {
  return api.get<ItemEconomics>(`/items/${encodeURIComponent(id)}/economics`, { signal });
}

export function useItemEconomics(id: string) {
  return useQuery(queryOptions({ queryKey: economicsKey(id), queryFn: ({ signal }) => getItemEconomics(id, signal), retry: noRetryOnRefusal }));
}

/** PUT /api/items/{id}/resale-target `{ targetResalePriceInCents }` with the target's revision in If-Match (none when never set). */
export function setResaleTarget(id: string, targetResalePriceInCents: number | null, revision: number): Promise<CommandAnswer> {
  return api
    .request<CommandAnswer>('PUT', `/items/${encodeURIComponent(id)}/resale-target`, { body: { targetResalePriceInCents }, ifMatch: revision >= 0 ? `"${revision}"` : null })
    .then((response) => response.data);
}

export function useSetResaleTarget(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cents, revision }: { cents: number | null; revision: number }) => setResaleTarget(id, cents, revision),
    // The margin shows on the item, its economics and the lists.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemKeys.all }),
  });
}
