import type { StockView } from '@server/application/warehouse/warehouse-views';
import { Field, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { stockLabel } from '../../../components/warehouse-item/stock-label';

/** The quarantine stock takes a device only through the quarantine (its reason, its e-mail): never by a move. */
const NOT_BY_MOVE = new Set(['in_quarantine']);

/** The stock every scan goes to: one choice (a native select: one action, and the keyboard's own). */
export function StockChoice({ stocks, value, onChange }: { stocks: readonly StockView[]; value: string; onChange(stockId: string): void }) {
  const { t } = useTranslation(['scan-to-stock', 'api']);
  return (
    <Field.Root required>
      <Field.Label>
        {t('stock.label')}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root size="lg">
        <NativeSelect.Field name="stockId" value={value} onChange={(event) => onChange(event.target.value)} data-testid="scan-stock">
          <option value="">{t('stock.choose')}</option>
          {stocks
            .filter((stock) => !(stock.kind && NOT_BY_MOVE.has(stock.kind)))
            .map((stock) => (
              <option key={stock.id} value={stock.id}>
                {stockLabel(stock, t)}
              </option>
            ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>{t('stock.help')}</Field.HelperText>
    </Field.Root>
  );
}
