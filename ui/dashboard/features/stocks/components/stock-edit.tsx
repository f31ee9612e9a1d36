import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { DetailLoadFailed } from '../../../components/detail-load-failed';
import { Page } from '../../../components/page';
import { LoadingStatus } from '../../../components/loading-status';
import { toaster } from '../../../components/toaster';
import { useCan } from '../../../lib/auth';
import { useStock } from '../../../components/warehouse-item/api/get-stock';
import { useUpdateStock } from '../api/update-stock';
import { lastStockListSearch } from '../hooks/use-list-params';
import { useStockLabel } from '../../../components/warehouse-item/use-stock-names';
import { useStockRefusals } from '../hooks/use-stock-refusals';
import { stockPaths } from '../paths';
import { DeleteStockDialog } from './delete-stock-dialog';
import { StockFacts } from './stock-facts';
import { StockForm, type StockFormValues } from './stock-form';

/**
 * A stock: what it holds, and for who manages stocks its form and its
 * deletion (once empty). A native stock, or any stock for who does not
 * manage them, opens read-only.
 */
export function StockEdit({ id }: { id: string }) {
  const { t } = useTranslation(['stocks', 'common']);
  const can = useCan();
  const navigate = useNavigate();
  const stock = useStock(id);
  const update = useUpdateStock();
  const refusals = useStockRefusals();
  const label = useStockLabel();
  const [deleting, setDeleting] = useState(false);
  const listPath = `${stockPaths.list}${lastStockListSearch()}`;
  const listCrumb = { label: t('stocks:list.title'), to: listPath };

  if (stock.isPending) return <LoadingStatus size="lg" py="16" />;
  if (stock.isError) return <DetailLoadFailed error={stock.error} listCrumb={listCrumb} ns="stocks" />;

  const current = stock.data;
  const name = label(current);
  const editable = can('stock.manage') && current.kind === null;

  function submit(values: StockFormValues) {
    refusals.clear();
    const fields = { name: values.name, identifier: values.identifier, location: values.location };
    update.mutate(
      { id, fields },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t('stocks:notifications.updated', { name: fields.name }) });
          void navigate(listPath);
        },
        onError: refusals.refuse,
      },
    );
  }

  return (
    <Page
      title={editable ? t('stocks:edit.title', { name }) : name}
      breadcrumbs={[listCrumb, { label: name }]}
      actions={
        <>
          <Button asChild variant="outline" colorPalette="brand">
            <RouterLink to={stockPaths.items(id)}>{t('stocks:actions.items')}</RouterLink>
          </Button>
          {editable && current.deletable && (
            <Button colorPalette="red" variant="outline" onClick={() => setDeleting(true)}>
              {t('stocks:actions.delete')}
            </Button>
          )}
        </>
      }
    >
      <Stack gap="5">
        <StockFacts stock={current} />
        {current.kind !== null && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{t('stocks:edit.nativeReadOnly')}</Alert.Title>
          </Alert.Root>
        )}
        {editable && !current.deletable && <Text color="fg.muted">{t('stocks:edit.notDeletable', { count: current.quantity })}</Text>}
        {editable && (
          <StockForm
            initial={{ name: current.name ?? '', identifier: current.identifier, location: current.location, warehouseId: current.warehouseId }}
            warehouses={null}
            refused={refusals.refused}
            failure={refusals.failure}
            submitting={update.isPending}
            submitLabel={t('common:actions.save')}
            cancelTo={listPath}
            onSubmit={submit}
          />
        )}
      </Stack>
      <DeleteStockDialog stock={current} name={name} open={deleting} onClose={() => setDeleting(false)} onDeleted={() => void navigate(listPath)} />
    </Page>
  );
}
