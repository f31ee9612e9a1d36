import type { StockView } from '@server/application/warehouse/warehouse-views';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStocks } from './api/get-stocks';
import { stockLabel } from './stock-label';

/** A stock's name as screens show it (stockLabel, in the user's language). */
export function useStockLabel(): (stock: Pick<StockView, 'kind' | 'name'>) => string {
  const { t } = useTranslation('api');
  return useCallback((stock) => stockLabel(stock, (key, options) => t(key, options ?? {}) as string), [t]);
}

/**
 * Every stock the user may see (of one warehouse when named), and a stock's
 * label by id: null while loading, for a stock unknown to the user, or when
 * the user may not list stocks.
 */
export function useStockNames(warehouseId: string | null = null, enabled = true) {
  const stocks = useStocks(warehouseId, enabled);
  const label = useStockLabel();
  const byId = useMemo(() => new Map((stocks.data ?? []).map((stock) => [stock.id, stock])), [stocks.data]);
  const nameOf = useCallback(
    (id: string | null | undefined) => {
      const stock = id ? byId.get(id) : undefined;
      return stock ? label(stock) : null;
    },
    [byId, label],
  );
  return { stocks: stocks.data, isError: stocks.isError, nameOf, label };
}
