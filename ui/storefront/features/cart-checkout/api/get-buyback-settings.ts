import type { BuybackSettingsView } from '@server/application/buybacks/buyback-views';
import type { Static } from '@server/application/views/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../../shared/api/client';
import { buybackSettingsKeys } from '../../../../shared/api/query-keys';
import { useAppEnvironment } from '../../../../shared/app-environment';

export type BuybackSettings = Static<typeof BuybackSettingsView>;

/** GET /buyback-settings: identity document required, minimum value (cents), most devices; a visitor's guest cart gets the fixed ones. */
export function getBuybackSettings(api: ApiClient, signal?: AbortSignal): Promise<BuybackSettings> {
  return api.get<BuybackSettings>('/buyback-settings', { signal });
}

export const buybackSettingsQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: buybackSettingsKeys.all,
    queryFn: ({ signal }) => getBuybackSettings(api, signal),
    staleTime: 5 * 60_000,
  });

export function useBuybackSettings() {
  const { api } = useAppEnvironment();
  return useQuery(buybackSettingsQueryOptions(api));
}
