import type { VerificationView } from '@server/application/warehouse/warehouse-views';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useStocks } from '../../../components/warehouse-item/api/get-stocks';
import { stockLabel } from '../../../components/warehouse-item/stock-label';

/** What a verification compared the list with, in words: "In transit to the warehouse", "In the warehouse, stock “Shelf A”". */
export function useScopeLabel(): (verification: Pick<VerificationView, 'scope' | 'stockId'>) => string {
  const { t } = useTranslation('warehouse-verification');
  const stocks = useStocks().data;
  return useCallback(
    (verification) => {
      const scope = t(`scopes.${verification.scope}`);
      if (!verification.stockId) return scope;
      const stock = stocks?.find((candidate) => candidate.id === verification.stockId);
      return t('scopeWithStock', { scope, stock: stock ? stockLabel(stock, t) : t('unknownStock') });
    },
    [t, stocks],
  );
}
