import { Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ChoiceCards } from '../../../../shared/buyback-path/components/choice-cards';
import { useMe } from '../../../lib/auth';
import { useBuybackReferences } from '../../buybacks/api/get-buyback-references';
import { useStocks } from '../../../components/warehouse-item/api/get-stocks';
import { stockLabel } from '../../../components/warehouse-item/stock-label';
import { VERIFICATION_SCOPES, type VerificationScope } from '../verification-file';

export interface ScopeValue {
  scope: VerificationScope;
  /** '' : every stock of the warehouse. */
  stockId: string;
  /** '' : the user's own warehouse (a warehouse user); provider staff must name one. */
  warehouseId: string;
}

/** The module of warehouse users (X-Module: rps): their warehouse is their organization. */
const WAREHOUSE_MODULE = 'rps';

/** Whether the user names the warehouse to verify against: outside a warehouse (provider staff), the API needs it. */
export function useChoosesWarehouse(): boolean {
  return useMe().currentModule !== WAREHOUSE_MODULE;
}

/**
 * What the list is compared with: what is in transit to the warehouse (a
 * carrier's list) or what is in it, optionally one stock. A user outside a
 * warehouse (provider staff) names the warehouse first.
 */
export function ScopeFields({ value, onChange, warehouseMissing }: { value: ScopeValue; onChange(next: ScopeValue): void; warehouseMissing: boolean }) {
  const { t } = useTranslation('warehouse-verification');
  const choosesWarehouse = useChoosesWarehouse();
  const warehouses = useBuybackReferences().data?.warehouses;
  const stocks = useStocks(value.warehouseId || null, value.scope === 'in_warehouse' && (!choosesWarehouse || value.warehouseId !== ''));

  return (
    <Stack gap="4">
      {choosesWarehouse && (
        <Field.Root required invalid={warehouseMissing}>
          <Field.Label>
            {t('form.warehouse')}
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={value.warehouseId} onChange={(event) => onChange({ ...value, warehouseId: event.target.value, stockId: '' })}>
              <option value="">{t('form.chooseWarehouse')}</option>
              {(warehouses ?? []).map((warehouse) => (
                <option key={warehouse.id} value={warehouse.id}>
                  {warehouse.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {warehouseMissing && <Field.ErrorText>{t('form.warehouseRequired')}</Field.ErrorText>}
        </Field.Root>
      )}
      <Stack gap="2">
        <Text id="verification-scope" fontWeight="medium">
          {t('form.scope')}
        </Text>
        <ChoiceCards
          name="scope"
          value={value.scope}
          labelledBy="verification-scope"
          choices={VERIFICATION_SCOPES.map((scope) => ({ value: scope, label: t(`scopes.${scope}`), description: t(`scopeDescriptions.${scope}`) }))}
          onChange={(scope) => scope && onChange({ ...value, scope: scope as VerificationScope })}
        />
      </Stack>
      {value.scope === 'in_warehouse' && (
        <Field.Root>
          <Field.Label>{t('form.stock')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={value.stockId} onChange={(event) => onChange({ ...value, stockId: event.target.value })}>
              <option value="">{t('form.allStocks')}</option>
              {(stocks.data ?? []).map((stock) => (
                <option key={stock.id} value={stock.id}>
                  {stockLabel(stock, t)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>{t('form.stockHelp')}</Field.HelperText>
        </Field.Root>
      )}
    </Stack>
  );
}
