import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../../components/page';
import { useCan } from '../../../lib/auth';
import { StocksList } from '../components/stocks-list';
import { useStockListParams } from '../hooks/use-list-params';
import { stockPaths } from '../paths';

/** /stocks: each warehouse's stocks and, for who manages them, the way to a new one. */
export function Component() {
  const { t } = useTranslation('stocks');
  const can = useCan();
  const [params, setParams] = useStockListParams();
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
          {can('stock.manage') && (
            <Button asChild colorPalette="brand">
              <RouterLink to={stockPaths.create}>{t('actions.create')}</RouterLink>
            </Button>
          )}
        </>
      }
    >
      <StocksList params={params} setParams={setParams} />
    </Page>
  );
}
