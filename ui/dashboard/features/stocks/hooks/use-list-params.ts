import { lastListSearch as lastSearchOf, useListParams } from '../../../hooks/use-list-params';
import { stockList, type StockListParams } from '../list-params';

/** The stocks list's filters, sort and page: in the URL and, per user, in local storage. */
export function useStockListParams(): [StockListParams, (next: StockListParams) => void] {
  return useListParams(stockList);
}

/** The list as last shown, for the way back from a stock's form. */
export function lastStockListSearch(): string {
  return lastSearchOf(stockList.name);
}
