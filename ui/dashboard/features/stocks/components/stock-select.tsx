import { Field, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useStockNames } from '../../../components/warehouse-item/use-stock-names';

interface Props {
  label: string;
  /** The item's warehouse: only its stocks are offered. */
  warehouseId: string;
  /** The stock the item is in, not offered again (null: none). */
  currentStockId: string | null;
  value: string;
  onChange(stockId: string): void;
  error?: string | null;
  help?: string;
}

/**
 * The stock a device goes to: any stock of its warehouse but the one it is in
 * and the quarantine stock, which only a quarantine enters. Native stocks
 * first, then the warehouse's own by name.
 */
export function StockSelect({ label, warehouseId, currentStockId, value, onChange, error, help }: Props) {
  const { t } = useTranslation(['stocks', 'common']);
  const { stocks, label: stockLabel } = useStockNames();
  const choices = (stocks ?? []).filter((stock) => stock.warehouseId === warehouseId && stock.kind !== 'in_quarantine' && stock.id !== currentStockId);
  return (
    <Field.Root invalid={!!error} required>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root disabled={!stocks}>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)} data-testid="stock-select">
          <option value="">{stocks ? t('stocks:select.choose') : t('common:states.loading')}</option>
          {choices.map((stock) => (
            <option key={stock.id} value={stock.id}>
              {stockLabel(stock)}
              {stock.identifier ? ` (${stock.identifier})` : ''}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : help && <Field.HelperText>{help}</Field.HelperText>}
    </Field.Root>
  );
}
