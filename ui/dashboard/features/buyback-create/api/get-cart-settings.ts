import type { BuybackSettingsView } from '@server/application/buybacks/buyback-views';
import type { Static } from '@server/application/views/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../../shared/api/client';
import { buybackSettingsKeys } from '../../../../shared/api/query-keys';
import { useAppEnvironment } from '../../../../shared/app-environment';

export type CartSettings = Static<typeof BuybackSettingsView>;

/** GET /buyback-settings as the seller's store sees it: whether the cart is shown to them, and how many devices it takes. */
export function getCartSettings(api: ApiClient, signal?: AbortSignal): Promise<CartSettings> {
  return api.get<CartSettings>('/buyback-settings', { signal });
}

export const cartSettingsQueryOptions = (api: ApiClient, storeId: string | null) =>
  queryOptions({
    // Per store: a user of two stores (modules) sees each one's flag.
    queryKey: [...buybackSettingsKeys.all, 'store', storeId],
    queryFn: ({ signal }) => getCartSettings(api, signal),
    staleTime: 60_000,
  });

export function useCartSettings() {
  const { api, storeId } = useAppEnvironment();
  return useQuery(cartSettingsQueryOptions(api, storeId));
}
