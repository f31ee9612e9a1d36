import { Alert, Button, Field, NativeSelect, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { LoadingStatus } from '../../../components/loading-status';
import { useStocks } from '../../../components/warehouse-item/api/get-stocks';
import { stockLabel } from '../../../components/warehouse-item/stock-label';
import { ApiError } from '../../../lib/api-client';
import { useFinalize, type Diagnosis } from '../api/diagnosis';
import { DiagnosisFrame } from '../components/diagnosis-frame';
import { diagnosisPaths } from '../paths';

/** /refurb-diagnosis/{id}/stock: the stock of the item's warehouse it waits in while refurbished; finalizing plans its steps. */
export function Component() {
  return <DiagnosisFrame step="stock">{(diagnosis) => <StockChoice diagnosis={diagnosis} />}</DiagnosisFrame>;
}

function StockChoice({ diagnosis }: { diagnosis: Diagnosis }) {
  const { t } = useTranslation(['refurb-diagnosis', 'api']);
  const navigate = useNavigate();
  const stocks = useStocks(diagnosis.item.warehouseId);
  const finalize = useFinalize(diagnosis.id);
  const [stockId, setStockId] = useState(diagnosis.item.stockId ?? '');
  if (stocks.isError) return <ApiErrorAlert error={stocks.error} onRetry={() => void stocks.refetch()} />;
  if (!stocks.data) return <LoadingStatus />;
  const choices = stocks.data.filter((stock) => stock.kind !== 'in_quarantine');
  const refusal = finalize.error instanceof ApiError && finalize.error.status < 500 ? finalize.error : null;
  return (
    <Stack gap="5">
      <Field.Root required>
        <Field.Label>
          {t('stock.label')}
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field name="stockId" value={stockId} onChange={(event) => setStockId(event.target.value)} data-testid="diagnosis-stock">
            <option value="">{t('stock.choose')}</option>
            {choices.map((stock) => (
              <option key={stock.id} value={stock.id}>
                {stockLabel(stock, t)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.HelperText>{t('stock.help')}</Field.HelperText>
      </Field.Root>
      {refusal && (
        <Alert.Root status="error" data-testid="finalize-refused">
          <Alert.Indicator />
          <Alert.Title>{t(`api:errors.${refusal.code}`, { ...(refusal.details ?? {}), defaultValue: refusal.message })}</Alert.Title>
        </Alert.Root>
      )}
      {finalize.error && !refusal && <ApiErrorAlert error={finalize.error} />}
      <Button
        colorPalette="brand"
        alignSelf="start"
        disabled={!stockId || diagnosis.status !== 'open'}
        loading={finalize.isPending}
        onClick={() => finalize.mutate({ stockId, revision: diagnosis.revision }, { onSuccess: () => void navigate(diagnosisPaths.finalized(diagnosis.id)) })}
      >
        {t('stock.finalize')}
      </Button>
    </Stack>
  );
}
