import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { stockKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import { apiPaging } from '../../../hooks/use-list-params';
import { apiStockFilters, stockList, type StockListParams } from '../list-params';
import type { StockPage } from '../types';

/** GET /api/stocks: one page of the stocks the user may see, each with its quantity and average age. */
export function getStocks(params: StockListParams, signal?: AbortSignal): Promise<StockPage> {
  return api.get<StockPage>('/stocks', { query: { ...apiStockFilters(params.filters), ...apiPaging(params, stockList) }, signal });
}

export const stocksQueryOptions = (params: StockListParams) =>
  queryOptions({
    queryKey: stockKeys.list(params),
    queryFn: ({ signal }) => getStocks(params, signal),
    placeholderData: keepPreviousData,
  });

export function useStocks(params: StockListParams) {
  return useQuery(stocksQueryOptions(params));
}
