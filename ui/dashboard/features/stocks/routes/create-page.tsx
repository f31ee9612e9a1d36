import { Alert, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PremiumBadge } from '../../../../shared/components/premium-badge';
import { useNavigate } from 'react-router';
import { useIdempotencyKeys } from '../../../../shared/api/use-idempotency-keys';
import { Page } from '../../../components/page';
import { toaster } from '../../../components/toaster';
import { useCreateStock } from '../api/create-stock';
import { StockForm, type StockFormValues } from '../components/stock-form';
import { ADVANCED_STOCKS_FEATURE, useLacksAdvancedStocks } from '../hooks/use-advanced-stocks';
import { lastStockListSearch } from '../hooks/use-list-params';
import { useStockRefusals } from '../hooks/use-stock-refusals';
import { useWarehouseChoices } from '../hooks/use-warehouse-choices';
import { stockPaths } from '../paths';

/** /stocks/create: a new stock of the warehouse's own. */
export function Component() {
  const { t } = useTranslation('stocks');
  const navigate = useNavigate();
  const create = useCreateStock();
  const keys = useIdempotencyKeys();
  const refusals = useStockRefusals();
  const warehouses = useWarehouseChoices();
  const listPath = `${stockPaths.list}${lastStockListSearch()}`;
  const lacksAdvanced = useLacksAdvancedStocks();

  function submit(values: StockFormValues) {
    const fields = { ...values, warehouseId: values.warehouseId ?? warehouses.only };
    refusals.clear();
    create.mutate(
      { fields, idempotencyKey: keys.keyFor(fields) },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t('notifications.created', { name: fields.name }) });
          void navigate(listPath);
        },
        onError: refusals.refuse,
      },
    );
  }

  return (
    <Page title={t('create.title')} breadcrumbs={[{ label: t('list.title'), to: listPath }, { label: t('create.title') }]}>
      {lacksAdvanced && (
        <Alert.Root status="info" mb="4" data-testid="stocks-premium">
          <Alert.Content>
            <HStack gap="2">
              <PremiumBadge feature={ADVANCED_STOCKS_FEATURE} />
              <Alert.Title>{t('premium.advancedStocks')}</Alert.Title>
            </HStack>
          </Alert.Content>
        </Alert.Root>
      )}
      <StockForm
        initial={{ name: '', identifier: null, location: null, warehouseId: null }}
        warehouses={warehouses.choices}
        refused={refusals.refused}
        failure={refusals.failure}
        submitting={create.isPending}
        submitLabel={t('create.submit')}
        cancelTo={listPath}
        onSubmit={submit}
      />
    </Page>
  );
}
