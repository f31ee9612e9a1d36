import { Box, Checkbox, Field, Input, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCircuitOptions } from '../api/circuits';
import { useCategoryChoices } from '../api/rules';
import { DISPATCH_CIRCUIT_RULE_LIMITS, type DispatchCircuitRule, type TranslatedLocale } from '../types';
import { ChoiceCheckboxes, countriesOf } from './choice-checkboxes';
import { instructionRows, instructionsBody, InstructionsEditor, type InstructionRow } from './instructions-editor';
import { TranslationsSection, translatedValues, translationsBody, type TranslatedText } from './translations-section';
import { FormFooter } from '../../../components/form-footer';

export type RuleField = 'circuit' | 'description' | 'terms' | 'categoryIds' | 'highlightedInstruction' | 'eligibleCountries' | 'customValues' | 'instructions' | 'translations';
const FIELDS: readonly string[] = ['circuit', 'description', 'terms', 'categoryIds', 'highlightedInstruction', 'eligibleCountries', 'customValues', 'instructions', 'translations'];

export function ruleFieldOf(path: string): RuleField | null {
  const head = path.split('.')[0] ?? '';
  return FIELDS.includes(head) ? (head as RuleField) : null;
}

interface Values {
  circuit: string;
  description: string;
  terms: string;
  traceabilityEnabled: boolean;
  categoryIds: string[];
  status: 'enabled' | 'disabled';
  highlightedInstruction: string;
  countries: string;
  customValues: string;
  ownInstructions: boolean;
  instructions: InstructionRow[];
  translations: Record<TranslatedLocale, Record<string, string>>;
}

function valuesOf(rule: DispatchCircuitRule | null, texts: readonly TranslatedText[]): Values {
  return {
    circuit: rule?.circuit ?? '',
    description: rule?.french.description ?? '',
    terms: rule?.french.terms ?? '',
    traceabilityEnabled: rule?.traceabilityEnabled ?? false,
    categoryIds: [...(rule?.categoryIds ?? [])],
    status: rule?.status ?? 'enabled',
    highlightedInstruction: rule?.french.highlightedInstruction ?? '',
    countries: (rule?.eligibleCountries ?? []).join(', '),
    customValues: Object.entries(rule?.customValues ?? {})
      .map(([key, value]) => `${key}=${value}`)
      .join('\n'),
    ownInstructions: Boolean(rule?.ownInstructions),
    instructions: instructionRows(rule?.french.instructions ?? [], rule?.translations ?? null),
    translations: translatedValues(rule?.translations ?? null, texts),
  };
}

/** "name=value" lines → { name: value }; a line without "=" names an empty value. */
function customValuesOf(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const at = line.indexOf('=');
        return at < 0 ? [line, ''] : [line.slice(0, at).trim(), line.slice(at + 1).trim()];
      }),
  );
}

interface Props {
  rule: DispatchCircuitRule | null;
  refused: Partial<Record<RuleField, string>>;
  failure: string | null;
  readOnly: boolean;
  submitting: boolean;
  cancelTo: string;
  onSubmit(body: Record<string, unknown>): void;
}

/** A dispatch circuit rule's form: its circuit (fixed once created), texts, categories, status, countries, custom values, its own instructions or the circuit's, and their translations. */
export function RuleForm({ rule, refused, failure, readOnly, submitting, cancelTo, onSubmit }: Props) {
  const { t } = useTranslation(['circuits', 'common']);
  const circuits = useCircuitOptions();
  const categories = useCategoryChoices();
  const texts: TranslatedText[] = [
    { path: 'description', label: t('fields.description'), long: true },
    { path: 'terms', label: t('fields.terms'), long: true },
    { path: 'highlightedInstruction', label: t('fields.highlightedInstruction') },
  ];
  const [values, setValues] = useState(() => valuesOf(rule, texts));
  const set =
    <K extends keyof Values>(key: K) =>
    (value: Values[K]) =>
      setValues((current) => ({ ...current, [key]: value }));
  const { description, terms, highlightedInstruction } = DISPATCH_CIRCUIT_RULE_LIMITS;

  function submit(event: FormEvent) {
    event.preventDefault();
    const own = instructionsBody(values.instructions);
    onSubmit({
      ...(rule === null ? { circuit: values.circuit } : {}),
      description: values.description.trim() || null,
      terms: values.terms.trim() || null,
      traceabilityEnabled: values.traceabilityEnabled,
      categoryIds: values.categoryIds,
      status: values.status,
      highlightedInstruction: values.highlightedInstruction.trim() || null,
      eligibleCountries: countriesOf(values.countries),
      customValues: customValuesOf(values.customValues),
      instructions: values.ownInstructions ? own.instructions : null,
      translations: translationsBody(values.translations, values.ownInstructions ? own.translations : { 'en-GB': {}, 'nl-BE': {}, 'de-DE': {} }),
    });
  }

  const problem = (field: RuleField) => (refused[field] ? <Field.ErrorText>{refused[field]}</Field.ErrorText> : null);
  const circuitOptions = (circuits.data ?? []).map((c) => ({ id: c.id, label: `${c.name} (${t(`types.${c.circuitType}`)})` }));

  return (
    <Box asChild bg="bg" borderWidth="1px" borderRadius="md" p={{ base: 4, md: 6 }} maxW="4xl">
      <form onSubmit={submit} noValidate aria-label={t('rules.formTitle')}>
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Field.Root invalid={Boolean(refused.circuit)} required disabled={readOnly || rule !== null}>
              <Field.Label>
                {t('fields.circuit')}
                <Field.RequiredIndicator />
              </Field.Label>
              <NativeSelect.Root disabled={readOnly || rule !== null}>
                <NativeSelect.Field name="circuit" value={values.circuit} onChange={(e) => set('circuit')(e.target.value)}>
                  <option value="">{t('rules.chooseCircuit')}</option>
                  {circuitOptions.map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {problem('circuit')}
            </Field.Root>
            <Field.Root disabled={readOnly}>
              <Field.Label>{t('fields.status')}</Field.Label>
              <NativeSelect.Root disabled={readOnly}>
                <NativeSelect.Field name="status" value={values.status} onChange={(e) => set('status')(e.target.value as Values['status'])}>
                  <option value="enabled">{t('statuses.enabled')}</option>
                  <option value="disabled">{t('statuses.disabled')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </SimpleGrid>
          <Field.Root invalid={Boolean(refused.description)} disabled={readOnly}>
            <Field.Label>{t('fields.description')}</Field.Label>
            <Textarea name="description" rows={2} value={values.description} onChange={(e) => set('description')(e.target.value)} />
            {problem('description') ?? <Field.HelperText>{t('form.plain', { max: description.max })}</Field.HelperText>}
          </Field.Root>
          <Field.Root invalid={Boolean(refused.terms)} disabled={readOnly}>
            <Field.Label>{t('fields.terms')}</Field.Label>
            <Textarea name="terms" rows={3} value={values.terms} onChange={(e) => set('terms')(e.target.value)} />
            {problem('terms') ?? <Field.HelperText>{t('form.plain', { max: terms.max })}</Field.HelperText>}
          </Field.Root>
          <Field.Root invalid={Boolean(refused.highlightedInstruction)} disabled={readOnly}>
            <Field.Label>{t('fields.highlightedInstruction')}</Field.Label>
            <Input name="highlightedInstruction" value={values.highlightedInstruction} onChange={(e) => set('highlightedInstruction')(e.target.value)} />
            {problem('highlightedInstruction') ?? <Field.HelperText>{t('form.plain', { max: highlightedInstruction.max })}</Field.HelperText>}
          </Field.Root>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <ChoiceCheckboxes
              label={t('fields.categories')}
              options={(categories.data ?? []).map((c) => ({ id: c.id, label: `${'  '.repeat(c.depth)}${c.label}` }))}
              value={values.categoryIds}
              onChange={set('categoryIds')}
              readOnly={readOnly}
              problem={refused.categoryIds}
              testId="rule-categories"
            />
            <Stack gap="4">
              <Field.Root invalid={Boolean(refused.eligibleCountries)} disabled={readOnly}>
                <Field.Label>{t('fields.eligibleCountries')}</Field.Label>
                <Input name="eligibleCountries" value={values.countries} onChange={(e) => set('countries')(e.target.value)} />
                {problem('eligibleCountries') ?? <Field.HelperText>{t('form.countriesHelp')}</Field.HelperText>}
              </Field.Root>
              <Field.Root invalid={Boolean(refused.customValues)} disabled={readOnly}>
                <Field.Label>{t('fields.customValues')}</Field.Label>
                <Textarea name="customValues" rows={3} value={values.customValues} onChange={(e) => set('customValues')(e.target.value)} />
                {problem('customValues') ?? <Field.HelperText>{t('rules.customValuesHelp')}</Field.HelperText>}
              </Field.Root>
              <Checkbox.Root checked={values.traceabilityEnabled} disabled={readOnly} onCheckedChange={(e) => set('traceabilityEnabled')(e.checked === true)}>
                <Checkbox.HiddenInput name="traceabilityEnabled" />
                <Checkbox.Control />
                <Checkbox.Label>{t('fields.traceabilityEnabled')}</Checkbox.Label>
              </Checkbox.Root>
            </Stack>
          </SimpleGrid>
          <Checkbox.Root checked={values.ownInstructions} disabled={readOnly} onCheckedChange={(e) => set('ownInstructions')(e.checked === true)}>
            <Checkbox.HiddenInput name="ownInstructions" />
            <Checkbox.Control />
            <Checkbox.Label>{t('rules.ownInstructions')}</Checkbox.Label>
          </Checkbox.Root>
          {values.ownInstructions && <InstructionsEditor rows={values.instructions} onChange={set('instructions')} readOnly={readOnly} problem={refused.instructions} />}
          <TranslationsSection
            fields={texts}
            values={values.translations}
            onChange={(locale, path, text) => set('translations')({ ...values.translations, [locale]: { ...values.translations[locale], [path]: text } })}
            instructions={values.ownInstructions ? values.instructions : []}
            onInstruction={(index, locale, text) =>
              set('instructions')(values.instructions.map((row, i) => (i === index ? { ...row, translated: { ...row.translated, [locale]: text } } : row)))
            }
            readOnly={readOnly}
            problem={refused.translations}
          />
          <FormFooter failure={failure} cancelTo={cancelTo} readOnly={readOnly} submitting={submitting} submitLabel={rule === null ? t('rules.create') : undefined} />
        </Stack>
      </form>
    </Box>
  );
}
