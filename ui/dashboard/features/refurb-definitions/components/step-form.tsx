import { Box, Field, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../../components/form-footer';
import { useRefurbStepChoices } from '../api';
import { STEP_DEFINITION_LIMITS, type RefurbStep } from '../types';
import type { DefinitionFormProps } from './definition-pages';
import { TranslationsFields, translationsPatch, translationValues } from './translations-fields';

export type StepField = 'name' | 'description' | 'stockId' | 'costs' | 'translations';
const FIELDS: readonly string[] = ['name', 'description', 'stockId', 'costs', 'translations'];

/** The form's field an API problem's path names (`costs.1.cost` → costs). */
export function stepFieldOf(path: string): StepField | null {
  const head = path.split('.')[0] ?? '';
  return FIELDS.includes(head) ? (head as StepField) : null;
}

/** A stock as the workshop names it: its own name, or its native kind's label. */
export function useStockLabel() {
  const { t } = useTranslation('refurb-definitions');
  return (stock: { name: string | null; kind: string | null }) => stock.name ?? t(`nativeStocks.${stock.kind ?? 'unknown'}`, { defaultValue: stock.kind ?? '' });
}


/**
 * A step definition's form: name (unique, 255), description (255), the
 * stock the item waits in, its cost in each warehouse (euros, one line per
 * warehouse: blank, no cost there), the Translations section. The API checks
 * every rule and names each refused field.
 */
export function StepForm({ definition: step, refused, failure, readOnly, submitting, cancelTo, onSubmit }: DefinitionFormProps<RefurbStep, StepField>) {
  const { t } = useTranslation(['refurb-definitions', 'common']);
  const choices = useRefurbStepChoices();
  const stockLabel = useStockLabel();
  const [name, setName] = useState(step?.french.name ?? '');
  const [description, setDescription] = useState(step?.french.description ?? '');
  const [stockId, setStockId] = useState(step?.stockId ?? '');
  const [costs, setCosts] = useState<Record<string, string>>(() => Object.fromEntries((step?.costs ?? []).map((c) => [c.warehouseId, (c.costInCents / 100).toFixed(2)])));
  const [translations, setTranslations] = useState(() => translationValues(step?.translations ?? null));
  const [costProblem, setCostProblem] = useState<string | null>(null);
  const warehouses = choices.data?.warehouses ?? [];
  const warehouseName = new Map(warehouses.map((w) => [w.id, w.name]));

  function submit(event: FormEvent) {
    event.preventDefault();
    const lines = Object.entries(costs).filter(([, text]) => text.trim() !== '');
    const parsed = lines.map(([warehouseId, text]) => ({ warehouseId, costInCents: Math.round(Number(text.replace(',', '.')) * 100) }));
    if (parsed.some((c) => !Number.isFinite(c.costInCents))) {
      setCostProblem(t('form.costNumber'));
      return;
    }
    setCostProblem(null);
    onSubmit({ name, description: description.trim() || null, stockId, costs: parsed, translations: translationsPatch(translations, ['name', 'description']) });
  }

  return (
    <Box maxW="3xl">
      <form onSubmit={submit} noValidate data-testid="refurb-step-form">
      <Stack gap="5">
        <Field.Root required invalid={Boolean(refused.name)} disabled={readOnly}>
          <Field.Label>{t('fields.name')}</Field.Label>
          <Input name="name" value={name} maxLength={STEP_DEFINITION_LIMITS.name.max * 2} onChange={(e) => setName(e.target.value)} />
          <Field.ErrorText>{refused.name}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(refused.description)} disabled={readOnly}>
          <Field.Label>{t('fields.description')}</Field.Label>
          <Textarea name="description" rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
          <Field.HelperText>{t('form.atMost', { max: STEP_DEFINITION_LIMITS.description.max })}</Field.HelperText>
          <Field.ErrorText>{refused.description}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={Boolean(refused.stockId)} disabled={readOnly}>
          <Field.Label>{t('fields.stockId')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="stockId" value={stockId} onChange={(e) => setStockId(e.target.value)}>
              <option value="">{t('form.chooseStock')}</option>
              {(choices.data?.stocks ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {warehouseName.get(s.warehouseId) ?? ''} — {stockLabel(s)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{refused.stockId}</Field.ErrorText>
        </Field.Root>
        <Box as="fieldset" borderWidth="1px" borderRadius="md" p="4" data-testid="refurb-step-costs">
          <Text as="legend" fontWeight="semibold" px="1">
            {t('fields.costs')}
          </Text>
          <Stack gap="3" mt="2">
            {warehouses.map((w) => (
              <Field.Root key={w.id} disabled={readOnly}>
                <Field.Label>{t('form.costIn', { warehouse: w.name })}</Field.Label>
                <Input inputMode="decimal" name={`cost-${w.id}`} value={costs[w.id] ?? ''} onChange={(e) => setCosts({ ...costs, [w.id]: e.target.value })} maxW="40" />
              </Field.Root>
            ))}
            {(refused.costs || costProblem) && (
              <Field.Root invalid>
                <Field.ErrorText>{costProblem ?? refused.costs}</Field.ErrorText>
              </Field.Root>
            )}
          </Stack>
        </Box>
        <TranslationsFields
          fields={[
            { path: 'name', label: t('fields.name') },
            { path: 'description', label: t('fields.description') },
          ]}
          values={translations}
          onChange={setTranslations}
          readOnly={readOnly}
        />
        {refused.translations && <Text color="fg.error">{refused.translations}</Text>}
        <FormFooter failure={failure} failureTestId="refurb-step-failure" cancelTo={cancelTo} readOnly={readOnly} submitting={submitting} cancelWhenReadOnly={false} />
      </Stack>
      </form>
    </Box>
  );
}
