import { Button } from '@chakra-ui/react';
import { PremiumBadge } from '../../../../shared/components/premium-badge';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../../components/page';
import { useCan } from '../../../lib/auth';
import { StocksList } from '../components/stocks-list';
import { ADVANCED_STOCKS_FEATURE, useLacksAdvancedStocks } from '../hooks/use-advanced-stocks';
import { useStockListParams } from '../hooks/use-list-params';
import { stockPaths } from '../paths';

/** /stocks: each warehouse's stocks and, for who manages them, the way to a new one. */
export function Component() {
  const { t } = useTranslation('stocks');
  const can = useCan();
  const [params, setParams] = useStockListParams();
  const lacksAdvanced = useLacksAdvancedStocks();
  return (
    <Page
      title={t('list.title')}
      breadcrumbs={[{ label: t('list.title') }]}
      actions={
        <>
          {can('item.move') && (
            <Button asChild variant="outline" colorPalette="brand">
              <RouterLink to={stockPaths.scan}>{t('actions.scan')}</RouterLink>
            </Button>
          )}
          {can('stock.manage') &&
            (lacksAdvanced ? (
              // A warehouse's own stocks are the advanced_stocks premium feature: shown, not offered.
              <Button colorPalette="brand" disabled title={t('premium.advancedStocks')} data-testid="stock-create-premium">
                {t('actions.create')} <PremiumBadge feature={ADVANCED_STOCKS_FEATURE} />
              </Button>
            ) : (
              <Button asChild colorPalette="brand">
                <RouterLink to={stockPaths.create}>{t('actions.create')}</RouterLink>
              </Button>
            ))}
        </>
      }
    >
      <StocksList params={params} setParams={setParams} />
    </Page>
  );
}
