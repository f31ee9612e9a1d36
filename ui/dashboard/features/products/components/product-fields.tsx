import { Box, Checkbox, Field, Fieldset, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MEASURES, PRICE_STATES, TRANSLATED, type Measure, type ProductField, type ProductFormValues } from '../form-model';
import type { CategoryOption } from './category-options';
import { LongListToggle, useLongList } from '../../../components/long-list';

export interface FieldsProps {
  values: ProductFormValues;
  set<K extends keyof ProductFormValues>(key: K): (value: ProductFormValues[K]) => void;
  problem(field: ProductField): string | undefined;
  readOnly: boolean;
}

function TextField({ name, label, value, onChange, error, help, required, readOnly, multiline }: {
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  help?: string;
  required?: boolean;
  readOnly: boolean;
  multiline?: boolean;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={readOnly}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {multiline ? (
        <Textarea name={name} value={value} onChange={(e) => onChange(e.target.value)} rows={3} />
      ) : (
        <Input name={name} value={value} onChange={(e) => onChange(e.target.value)} autoComplete="off" />
      )}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : help ? <Field.HelperText>{help}</Field.HelperText> : null}
    </Field.Root>
  );
}

function Flag({ name, label, checked, onChange, readOnly }: { name: string; label: string; checked: boolean; onChange(checked: boolean): void; readOnly: boolean }) {
  return (
    <Checkbox.Root name={name} checked={checked} onCheckedChange={(d) => onChange(d.checked === true)} disabled={readOnly}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/** General information (specification 000 §3): names, references, EAN/GTIN, TAC codes, categories, comment, flags, dimensions and weights. */
export function GeneralFields({ values, set, problem, readOnly, categories }: FieldsProps & { categories: CategoryOption[] }) {
  const { t } = useTranslation('products');
  const text = (field: 'label' | 'brand' | 'model' | 'reference' | 'buyerReference' | 'ean' | 'tacCodes' | 'comment', extra: { help?: string; required?: boolean; multiline?: boolean } = {}) => (
    <TextField name={field} label={t(`fields.${field}`)} value={values[field]} onChange={set(field)} error={problem(field)} readOnly={readOnly} {...extra} />
  );
  const measure = (field: Measure) => (
    <TextField name={field} label={t(`fields.${field}`)} value={values[field]} onChange={set(field)} error={problem(field)} readOnly={readOnly} />
  );
  const secondary = useLongList(
    categories.filter((c) => c.id !== values.categoryId),
    (c) => values.secondaryCategoryIds.includes(c.id),
  );
  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {text('label', { required: true, help: t('form.between', { min: 2, max: 255 }) })}
        {text('brand', { required: true })}
        {text('model')}
        {text('ean', { help: t('form.eanHelp') })}
        {text('reference')}
        {text('buyerReference')}
      </SimpleGrid>
      {text('tacCodes', { help: t('form.tacHelp') })}
      <Field.Root invalid={Boolean(problem('categoryId'))} required disabled={readOnly}>
        <Field.Label>
          {t('fields.categoryId')}
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field name="categoryId" value={values.categoryId} onChange={(e) => set('categoryId')(e.target.value)}>
            <option value="">{t('form.chooseCategory')}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {`${'\u00a0\u00a0'.repeat(c.depth)}${c.label}`}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {problem('categoryId') && <Field.ErrorText>{problem('categoryId')}</Field.ErrorText>}
      </Field.Root>
      <Fieldset.Root disabled={readOnly} invalid={Boolean(problem('secondaryCategoryIds'))}>
        <Fieldset.Legend>{t('fields.secondaryCategoryIds')}</Fieldset.Legend>
        <Box maxH="40" overflowY="auto" borderWidth="1px" borderRadius="md" p="2">
          <Stack gap="1">
            {secondary.shown.map((c) => (
              <Checkbox.Root
                key={c.id}
                size="sm"
                pl={c.depth * 3}
                checked={values.secondaryCategoryIds.includes(c.id)}
                onCheckedChange={(d) => set('secondaryCategoryIds')(d.checked === true ? [...values.secondaryCategoryIds, c.id] : values.secondaryCategoryIds.filter((id) => id !== c.id))}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label title={c.path}>{c.label}</Checkbox.Label>
              </Checkbox.Root>
            ))}
            <LongListToggle list={secondary} />
          </Stack>
        </Box>
        {problem('secondaryCategoryIds') && <Fieldset.ErrorText>{problem('secondaryCategoryIds')}</Fieldset.ErrorText>}
      </Fieldset.Root>
      {text('comment', { multiline: true, help: t('form.commentHelp') })}
      <HStack gap="6" wrap="wrap">
        <Flag name="simple" label={t('fields.simple')} checked={values.simple} onChange={set('simple')} readOnly={readOnly} />
        <Flag name="isCollectingImei" label={t('fields.isCollectingImei')} checked={values.isCollectingImei} onChange={set('isCollectingImei')} readOnly={readOnly} />
        <Flag name="buybackZeroNotAllowed" label={t('fields.buybackZeroNotAllowed')} checked={values.buybackZeroNotAllowed} onChange={set('buybackZeroNotAllowed')} readOnly={readOnly} />
      </HStack>
      <Fieldset.Root>
        <Fieldset.Legend>{t('form.measures')}</Fieldset.Legend>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
          {MEASURES.map((m) => (
            <Box key={m}>{measure(m)}</Box>
          ))}
        </SimpleGrid>
      </Fieldset.Root>
    </Stack>
  );
}

/** The buyback price per state (functional, grade A to E), in euros, 0 to 50,000; empty: not bought back in that state. */
export function PriceFields({ values, set, problem, readOnly }: FieldsProps) {
  const { t } = useTranslation('products');
  return (
    <Stack gap="4">
      <Text color="fg.muted">{t('form.pricesHelp')}</Text>
      <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="4">
        {PRICE_STATES.map((state) => (
          <TextField
            key={state}
            name={`prices.${state}`}
            label={t(`states.${state}`)}
            value={values.prices[state]}
            onChange={(value) => set('prices')({ ...values.prices, [state]: value })}
            error={problem(`prices.${state}`)}
            readOnly={readOnly}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** The name and the comment in English, Dutch and German (optional: French is shown where none is written). */
export function TranslationFields({ values, set, problem, readOnly }: FieldsProps) {
  const { t } = useTranslation('products');
  const rows: ReactNode[] = TRANSLATED.map((locale) => (
    <Fieldset.Root key={locale}>
      <Fieldset.Legend>{t(`locales.${locale}`)}</Fieldset.Legend>
      <Stack gap="3">
        {(['label', 'comment'] as const).map((field) => (
          <TextField
            key={field}
            name={`translations.${locale}.${field}`}
            label={t(`fields.${field}`)}
            value={values.translations[locale][field]}
            onChange={(value) => set('translations')({ ...values.translations, [locale]: { ...values.translations[locale], [field]: value } })}
            error={problem(`translations.${locale}.${field}`)}
            readOnly={readOnly}
            multiline={field === 'comment'}
          />
        ))}
      </Stack>
    </Fieldset.Root>
  ));
  return (
    <Stack gap="5">
      <Text color="fg.muted">{t('form.translationsHelp')}</Text>
      {rows}
    </Stack>
  );
}
