import type { CartView } from '@server/application/buybacks/buyback-views';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../../shared/api/client';
import { cartKeys } from '../../../../shared/api/query-keys';
import { useAppEnvironment } from '../../../../shared/app-environment';

/** GET /carts/{cartId}: the cart kept on the server, to the visitor who kept it only (another visitor token: 404, shown as "cart not found"). */
export function getCart(api: ApiClient, cartId: string, signal?: AbortSignal): Promise<CartView> {
  return api.get<CartView>(`/carts/${encodeURIComponent(cartId)}`, { signal });
}

export const cartQueryOptions = (api: ApiClient, cartId: string) =>
  queryOptions({
    queryKey: cartKeys.detail(cartId),
    queryFn: ({ signal }) => getCart(api, cartId, signal),
    // Always read again when the page opens: another tab may have checked it out.
    staleTime: 0,
  });

/** The kept cart (named so, beside the browser's own cart of shared/buyback-path/use-cart). */
export function useKeptCart(cartId: string) {
  const { api } = useAppEnvironment();
  return useQuery({ ...cartQueryOptions(api, cartId), enabled: cartId !== '' });
}
