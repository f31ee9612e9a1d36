import { Alert, Box, Button, Field, HStack, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { StockFields } from '../api/create-stock';
import type { StockField } from '../stock-errors';
import { STOCK_TEXT_MAX } from '../types';

export interface StockFormValues extends StockFields {
  warehouseId: string | null;
}

export type StockProblems = Partial<Record<StockField, string>>;

interface Props {
  initial: StockFormValues;
  /** The warehouses to choose from (a user who sees several), or null: the stock's warehouse is settled. */
  warehouses: ReadonlyArray<{ id: string; label: string }> | null;
  /** Refusals by field, from the API. */
  refused: StockProblems;
  /** A refusal that names no field. */
  failure: string | null;
  submitting: boolean;
  submitLabel: string;
  cancelTo: string;
  onSubmit(values: StockFormValues): void;
}

const optional = (value: string) => value.trim() || null;

/** A stock's name (required, unique in its warehouse), identifier and location (each 255 characters at most). */
export function StockForm({ initial, warehouses, refused, failure, submitting, submitLabel, cancelTo, onSubmit }: Props) {
  const { t } = useTranslation(['stocks', 'common']);
  const [name, setName] = useState(initial.name);
  const [identifier, setIdentifier] = useState(initial.identifier ?? '');
  const [location, setLocation] = useState(initial.location ?? '');
  const [warehouseId, setWarehouseId] = useState(initial.warehouseId ?? '');
  const [problems, setProblems] = useState<StockProblems>({});
  const shown: StockProblems = {
    name: problems.name ?? refused.name,
    identifier: problems.identifier ?? refused.identifier,
    location: problems.location ?? refused.location,
    warehouseId: problems.warehouseId ?? refused.warehouseId,
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: StockProblems = {
      name: name.trim() === '' ? t('stocks:form.errors.nameRequired') : undefined,
      warehouseId: warehouses && !warehouseId ? t('stocks:form.errors.warehouseRequired') : undefined,
    };
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    onSubmit({ name: name.trim(), identifier: optional(identifier), location: optional(location), warehouseId: warehouseId || null });
  }

  const help = t('stocks:form.max', { max: STOCK_TEXT_MAX });
  return (
    <Box asChild bg="bg" borderWidth="1px" borderRadius="md" p={{ base: 4, md: 6 }} maxW="2xl">
      <form onSubmit={submit} noValidate>
      <Stack gap="5">
        {warehouses && (
          <Field.Root invalid={!!shown.warehouseId} required>
            <Field.Label>
              {t('stocks:fields.warehouse')}
              <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={warehouseId} onChange={(e) => setWarehouseId(e.target.value)}>
                <option value="">{t('stocks:form.chooseWarehouse')}</option>
                {warehouses.map((w) => (
                  <option key={w.id} value={w.id}>
                    {w.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {shown.warehouseId && <Field.ErrorText>{shown.warehouseId}</Field.ErrorText>}
          </Field.Root>
        )}
        <Field.Root invalid={!!shown.name} required>
          <Field.Label>
            {t('stocks:fields.name')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input value={name} maxLength={STOCK_TEXT_MAX} autoComplete="off" onChange={(e) => setName(e.target.value)} />
          {shown.name ? <Field.ErrorText>{shown.name}</Field.ErrorText> : <Field.HelperText>{t('stocks:form.nameHelp', { max: STOCK_TEXT_MAX })}</Field.HelperText>}
        </Field.Root>
        <Field.Root invalid={!!shown.identifier}>
          <Field.Label>{t('stocks:fields.identifier')}</Field.Label>
          <Input value={identifier} maxLength={STOCK_TEXT_MAX} autoComplete="off" onChange={(e) => setIdentifier(e.target.value)} />
          {shown.identifier ? <Field.ErrorText>{shown.identifier}</Field.ErrorText> : <Field.HelperText>{help}</Field.HelperText>}
        </Field.Root>
        <Field.Root invalid={!!shown.location}>
          <Field.Label>{t('stocks:fields.location')}</Field.Label>
          <Input value={location} maxLength={STOCK_TEXT_MAX} autoComplete="off" onChange={(e) => setLocation(e.target.value)} />
          {shown.location ? <Field.ErrorText>{shown.location}</Field.ErrorText> : <Field.HelperText>{help}</Field.HelperText>}
        </Field.Root>
        {failure && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
        <HStack gap="3" justify="flex-end" wrap="wrap">
          <Button asChild variant="outline">
            <RouterLink to={cancelTo}>{t('common:actions.cancel')}</RouterLink>
          </Button>
          <Button type="submit" colorPalette="brand" loading={submitting}>
            {submitLabel}
          </Button>
        </HStack>
      </Stack>
      </form>
    </Box>
  );
}
