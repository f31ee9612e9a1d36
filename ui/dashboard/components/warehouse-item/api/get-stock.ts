import type { StockView } from '@server/application/warehouse/warehouse-views';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { stockKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import { noRetryOnRefusal } from './retry';

/** GET /api/stocks/{id}: the stock an item is in, to name it. */
export function getStock(id: string, signal?: AbortSignal): Promise<StockView> {
  return api.get<StockView>(`/stocks/${encodeURIComponent(id)}`, { signal });
}

export const stockQueryOptions = (id: string) =>
  queryOptions({ queryKey: stockKeys.detail(id), queryFn: ({ signal }) => getStock(id, signal), staleTime: 30_000, retry: noRetryOnRefusal });

export function useStock(id: string | null | undefined) {
  return useQuery({ ...stockQueryOptions(id ?? ''), enabled: Boolean(id) });
}
