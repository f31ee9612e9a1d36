import type { BuybackView } from '@server/application/buybacks/buyback-views';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../../shared/api/client';
import { buybackKeys } from '../../../../shared/api/query-keys';
import { useAppEnvironment } from '../../../../shared/app-environment';

/** GET /buybacks/{id}: the buyback just registered, read back for the confirmation. */
export function getCreatedBuyback(api: ApiClient, id: string, signal?: AbortSignal): Promise<BuybackView> {
  return api.get<BuybackView>(`/buybacks/${encodeURIComponent(id)}`, { signal });
}

export const createdBuybackQueryOptions = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: buybackKeys.registered(id),
    queryFn: ({ signal }) => getCreatedBuyback(api, id, signal),
  });

export function useCreatedBuyback(id: string) {
  const { api } = useAppEnvironment();
  return useQuery(createdBuybackQueryOptions(api, id));
}
