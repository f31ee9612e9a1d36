import type { StockPage, StockView } from '@server/application/warehouse/warehouse-views';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { stockKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import { useCan } from '../../../lib/auth';

/**
 * GET /api/stocks?pagination=false: every stock the user may see, of one
 * warehouse when named (a warehouse has a handful, a tenant a few dozen),
 * native ones first, then by name: to choose one, or to name them.
 */
export function getStocks(warehouseId: string | null, signal?: AbortSignal): Promise<StockView[]> {
  return api
    .get<StockPage>('/stocks', { query: { pagination: false, warehouseId: warehouseId ?? undefined, 'order[name]': 'asc' }, signal })
    .then((page) => page.items);
}

export const stocksQueryOptions = (warehouseId: string | null) =>
  queryOptions({
    queryKey: stockKeys.list({ pagination: false, warehouseId }),
    queryFn: ({ signal }) => getStocks(warehouseId, signal),
    staleTime: 60_000,
  });

/** Asked only when `enabled` and the user may list stocks (stock.list): the screens name stocks without it otherwise. */
export function useStocks(warehouseId: string | null = null, enabled = true) {
  const can = useCan();
  return useQuery({ ...stocksQueryOptions(warehouseId), enabled: enabled && can('stock.list') });
}
