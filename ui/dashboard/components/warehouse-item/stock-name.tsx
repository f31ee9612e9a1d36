import { Skeleton } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useStock } from './api/get-stock';
import { useStockLabel } from './use-stock-names';

/**
 * The stock an item is in, as the warehouse names it (stockLabel);
 * `<ns>:noStock` when it is in none.
 */
export function StockName({ ns, stockId }: { ns: string; stockId: string | null }) {
  const { t } = useTranslation(ns);
  const stock = useStock(stockId);
  const label = useStockLabel();
  if (!stockId) return <>{t('noStock')}</>;
  if (stock.isPending) return <Skeleton as="span" display="inline-block" height="1em" width="10em" />;
  if (!stock.data) return <>{t('stockUnavailable')}</>;
  return <span data-testid="stock-name">{label(stock.data)}</span>;
}
