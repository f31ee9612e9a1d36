import { Box, Field, Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CIRCUIT_LIMITS, type Circuit, type TranslatedLocale } from '../types';
import { ChoiceCheckboxes, countriesOf } from './choice-checkboxes';
import { instructionRows, instructionsBody, InstructionsEditor, type InstructionRow } from './instructions-editor';
import { TranslationsSection, translatedValues, translationsBody, type TranslatedText } from './translations-section';
import { FormFooter } from '../../../components/form-footer';

export type CircuitField = 'name' | 'description' | 'instructions' | 'transferOrderNumberOfCopy' | 'eligibleCountries' | 'paymentModeIds' | 'shippingMethodIds' | 'customerBonusInCents' | 'translations';
const FIELDS: readonly string[] = ['name', 'description', 'instructions', 'transferOrderNumberOfCopy', 'eligibleCountries', 'paymentModeIds', 'shippingMethodIds', 'customerBonusInCents', 'translations'];

/** The form's field an API problem's path names (`instructions.2.label` → instructions). */
export function circuitFieldOf(path: string): CircuitField | null {
  const head = path.split('.')[0] ?? '';
  return FIELDS.includes(head) ? (head as CircuitField) : null;
}

interface Values {
  name: string;
  description: string;
  copies: string;
  bonus: string;
  countries: string;
  paymentModeIds: string[];
  shippingMethodIds: string[];
  instructions: InstructionRow[];
  translations: Record<TranslatedLocale, Record<string, string>>;
  reason: string;
}

const euros = (cents: number) => (cents / 100).toFixed(2);

function valuesOf(circuit: Circuit, texts: readonly TranslatedText[]): Values {
  return {
    name: circuit.french.name,
    description: circuit.french.description ?? '',
    copies: circuit.transferOrderNumberOfCopy === null ? '' : String(circuit.transferOrderNumberOfCopy),
    bonus: euros(circuit.customerBonusInCents),
    countries: circuit.eligibleCountries.join(', '),
    paymentModeIds: [...circuit.paymentModeIds],
    shippingMethodIds: [...circuit.shippingMethodIds],
    instructions: instructionRows(circuit.french.instructions, circuit.translations),
    translations: translatedValues(circuit.translations, texts),
    reason: '',
  };
}

interface Props {
  circuit: Circuit;
  refused: Partial<Record<CircuitField, string>>;
  failure: string | null;
  readOnly: boolean;
  submitting: boolean;
  cancelTo: string;
  onSubmit(body: Record<string, unknown>): void;
}

/**
 * A circuit's form: name, description (500, no markup), instructions (6 at
 * most), transfer order copies, eligible countries, payment and transport
 * modes, the customer's bonus or cost, the Translations section, and why.
 * The API checks every rule and names each refused field.
 */
export function CircuitForm({ circuit, refused, failure, readOnly, submitting, cancelTo, onSubmit }: Props) {
  const { t } = useTranslation(['circuits', 'common']);
  const texts: TranslatedText[] = [
    { path: 'name', label: t('fields.name') },
    { path: 'description', label: t('fields.description'), long: true },
  ];
  const [values, setValues] = useState(() => valuesOf(circuit, texts));
  const [bonusProblem, setBonusProblem] = useState<string | null>(null);
  const set =
    <K extends keyof Values>(key: K) =>
    (value: Values[K]) =>
      setValues((current) => ({ ...current, [key]: value }));
  const choices = circuit.choices ?? { paymentModes: [], shippingMethods: [] };

  function submit(event: FormEvent) {
    event.preventDefault();
    const bonus = Math.round(Number(values.bonus.replace(',', '.') || '0') * 100);
    if (!Number.isFinite(bonus)) return setBonusProblem(t('form.bonusInvalid'));
    setBonusProblem(null);
    const { instructions, translations: instructionTexts } = instructionsBody(values.instructions);
    onSubmit({
      name: values.name,
      description: values.description.trim() || null,
      instructions,
      transferOrderNumberOfCopy: values.copies.trim() === '' ? null : Number(values.copies),
      eligibleCountries: countriesOf(values.countries),
      paymentModeIds: values.paymentModeIds,
      shippingMethodIds: values.shippingMethodIds,
      customerBonusInCents: bonus,
      translations: translationsBody(values.translations, instructionTexts),
      reason: values.reason.trim() || null,
    });
  }

  const help = (field: CircuitField, text: string) => (refused[field] ? <Field.ErrorText>{refused[field]}</Field.ErrorText> : <Field.HelperText>{text}</Field.HelperText>);

  return (
    <Box asChild bg="bg" borderWidth="1px" borderRadius="md" p={{ base: 4, md: 6 }} maxW="4xl">
      <form onSubmit={submit} noValidate aria-label={t('form.title')}>
        <Stack gap="5">
          <Field.Root invalid={Boolean(refused.name)} required disabled={readOnly}>
            <Field.Label>
              {t('fields.name')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input name="name" value={values.name} autoComplete="off" onChange={(e) => set('name')(e.target.value)} />
            {help('name', t('form.between', { min: CIRCUIT_LIMITS.name.min, max: CIRCUIT_LIMITS.name.max }))}
          </Field.Root>
          <Field.Root invalid={Boolean(refused.description)} disabled={readOnly}>
            <Field.Label>{t('fields.description')}</Field.Label>
            <Textarea name="description" rows={3} value={values.description} onChange={(e) => set('description')(e.target.value)} />
            {help('description', t('form.plain', { max: CIRCUIT_LIMITS.description.max }))}
          </Field.Root>
          <InstructionsEditor rows={values.instructions} onChange={set('instructions')} readOnly={readOnly} problem={refused.instructions} />
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <Field.Root invalid={Boolean(refused.transferOrderNumberOfCopy)} disabled={readOnly}>
              <Field.Label>{t('fields.transferOrderNumberOfCopy')}</Field.Label>
              <Input name="transferOrderNumberOfCopy" inputMode="numeric" value={values.copies} onChange={(e) => set('copies')(e.target.value)} />
              {help('transferOrderNumberOfCopy', t('form.copiesHelp'))}
            </Field.Root>
            <Field.Root invalid={Boolean(refused.customerBonusInCents ?? bonusProblem)} disabled={readOnly}>
              <Field.Label>{t('fields.customerBonus')}</Field.Label>
              <Input name="customerBonus" inputMode="decimal" value={values.bonus} onChange={(e) => set('bonus')(e.target.value)} />
              {bonusProblem ? <Field.ErrorText>{bonusProblem}</Field.ErrorText> : help('customerBonusInCents', t('form.bonusHelp'))}
            </Field.Root>
            <Field.Root invalid={Boolean(refused.eligibleCountries)} disabled={readOnly}>
              <Field.Label>{t('fields.eligibleCountries')}</Field.Label>
              <Input name="eligibleCountries" value={values.countries} onChange={(e) => set('countries')(e.target.value)} />
              {help('eligibleCountries', t('form.countriesHelp'))}
            </Field.Root>
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <ChoiceCheckboxes
              label={t('fields.paymentModes')}
              options={choices.paymentModes}
              value={values.paymentModeIds}
              onChange={set('paymentModeIds')}
              readOnly={readOnly}
              problem={refused.paymentModeIds}
              testId="circuit-payment-modes"
            />
            <ChoiceCheckboxes
              label={t('fields.shippingMethods')}
              options={choices.shippingMethods}
              value={values.shippingMethodIds}
              onChange={set('shippingMethodIds')}
              readOnly={readOnly}
              problem={refused.shippingMethodIds}
              testId="circuit-shipping-methods"
            />
          </SimpleGrid>
          <TranslationsSection
            fields={texts}
            values={values.translations}
            onChange={(locale, path, text) => set('translations')({ ...values.translations, [locale]: { ...values.translations[locale], [path]: text } })}
            instructions={values.instructions}
            onInstruction={(index, locale, text) =>
              set('instructions')(values.instructions.map((row, i) => (i === index ? { ...row, translated: { ...row.translated, [locale]: text } } : row)))
            }
            readOnly={readOnly}
            problem={refused.translations}
          />
          {!readOnly && (
            <Field.Root>
              <Field.Label>{t('fields.reason')}</Field.Label>
              <Input name="reason" value={values.reason} maxLength={255} onChange={(e) => set('reason')(e.target.value)} />
              <Field.HelperText>{t('form.reasonHelp')}</Field.HelperText>
            </Field.Root>
          )}
          <FormFooter failure={failure} cancelTo={cancelTo} readOnly={readOnly} submitting={submitting} />
        </Stack>
      </form>
    </Box>
  );
}
