import { Box, Field, HStack, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { checkForm, type PaymentModeBody, type PaymentModeField, type PaymentModeFormValues, type PaymentModeProblems } from '../form-model';
import { PAYMENT_MODE_LIMITS, PAYMENT_MODE_STATUSES, PAYMENT_PROVIDERS, PAYMENT_TYPES } from '../types';
import { ModifierFields } from './modifier-fields';
import { TranslationsSection } from '../../../components/translations-section';
import { withTranslatedText } from '../../../components/translated-texts';
import { FormFooter } from '../../../components/form-footer';

interface Props {
  initial: PaymentModeFormValues;
  /** The retailer may set a bonus or malus (payment_bonus). */
  bonusAvailable: boolean;
  /** Refusals by field, from the API. */
  refused: PaymentModeProblems;
  /** A refusal that names no field. */
  failure: string | null;
  readOnly: boolean;
  submitting: boolean;
  submitLabel: string;
  cancelTo: string;
  onSubmit(body: PaymentModeBody): void;
}

/**
 * A payment mode's form: label (required), type, provider, status, the
 * descriptions and the mail content within their bounds, and the bonus or
 * malus. Checked on submit by the API's own rules, each problem at its field.
 */
export function PaymentModeForm({ initial, bonusAvailable, refused, failure, readOnly, submitting, submitLabel, cancelTo, onSubmit }: Props) {
  const { t } = useTranslation(['payment-modes', 'api', 'common']);
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<PaymentModeProblems>({});
  const shown = (field: PaymentModeField) => problems[field] ?? refused[field];
  const set =
    <K extends keyof PaymentModeFormValues>(key: K) =>
    (value: PaymentModeFormValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkForm(values, bonusAvailable);
    if ('problems' in checked) {
      const found: PaymentModeProblems = {};
      for (const { field, code, details } of checked.problems) found[field] ??= t(`api:errors.${code}`, details);
      setProblems(found);
      const first = checked.problems[0]?.field;
      if (first) document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setProblems({});
    onSubmit(checked.body);
  }

  const { label, description, longDescription, mailContent } = PAYMENT_MODE_LIMITS;
  const help = (field: PaymentModeField, text: string): ReactNode =>
    shown(field) ? <Field.ErrorText>{shown(field)}</Field.ErrorText> : <Field.HelperText>{text}</Field.HelperText>;

  return (
    <Box asChild bg="bg" borderWidth="1px" borderRadius="md" p={{ base: 4, md: 6 }} maxW="3xl">
      <form onSubmit={submit} noValidate aria-label={t('form.title')}>
        <Stack gap="5">
          <Field.Root invalid={Boolean(shown('label'))} required disabled={readOnly}>
            <Field.Label>
              {t('fields.label')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input name="label" value={values.label} autoComplete="off" onChange={(e) => set('label')(e.target.value)} />
            {help('label', t('form.max', { max: label.max }))}
          </Field.Root>
          <HStack gap="4" align="start" wrap="wrap">
            <Choice name="paymentType" label={t('fields.paymentType')} value={values.paymentType} options={PAYMENT_TYPES} text={(v) => t(`types.${v}`)} onChange={set('paymentType')} disabled={readOnly} />
            <Choice name="provider" label={t('fields.provider')} value={values.provider} options={PAYMENT_PROVIDERS} text={(v) => t(`providers.${v}`)} onChange={set('provider')} disabled={readOnly} />
            <Choice name="status" label={t('fields.status')} value={values.status} options={PAYMENT_MODE_STATUSES} text={(v) => t(`statuses.${v}`)} onChange={set('status')} disabled={readOnly} />
          </HStack>
          <Field.Root invalid={Boolean(shown('description'))} disabled={readOnly}>
            <Field.Label>{t('fields.description')}</Field.Label>
            <Input name="description" value={values.description} autoComplete="off" onChange={(e) => set('description')(e.target.value)} />
            {help('description', t('form.between', { min: description.min, max: description.max }))}
          </Field.Root>
          <Field.Root invalid={Boolean(shown('longDescription'))} disabled={readOnly}>
            <Field.Label>{t('fields.longDescription')}</Field.Label>
            <Textarea name="longDescription" rows={5} value={values.longDescription} onChange={(e) => set('longDescription')(e.target.value)} />
            {help('longDescription', t('form.maxLines', { max: longDescription.max, lines: longDescription.maxLines }))}
          </Field.Root>
          <Field.Root invalid={Boolean(shown('mailContent'))} disabled={readOnly}>
            <Field.Label>{t('fields.mailContent')}</Field.Label>
            <Textarea name="mailContent" rows={3} value={values.mailContent} onChange={(e) => set('mailContent')(e.target.value)} />
            {help('mailContent', t('form.max', { max: mailContent.max }))}
          </Field.Root>
          <ModifierFields
            values={values}
            set={set}
            problems={{ modifier: shown('modifier'), percent: shown('percent'), cap: shown('cap'), amount: shown('amount') }}
            available={bonusAvailable}
            readOnly={readOnly}
          />
          <TranslationsSection
            rows={[
              { path: 'label', label: t('fields.label'), french: values.label },
              { path: 'description', label: t('fields.description'), french: values.description },
            ]}
            values={values.translations}
            onChange={(locale, path, text) => set('translations')(withTranslatedText(values.translations, locale, path, text))}
            problem={(field) => shown(field as PaymentModeField)}
            help={t('form.translationsHelp')}
            readOnly={readOnly}
          />
          <FormFooter failure={failure} cancelTo={cancelTo} readOnly={readOnly} submitting={submitting} submitLabel={submitLabel} />
        </Stack>
      </form>
    </Box>
  );
}

function Choice<V extends string>(props: {
  name: string;
  label: string;
  value: V;
  options: readonly V[];
  text(value: V): string;
  onChange(value: V): void;
  disabled: boolean;
}) {
  return (
    <Field.Root disabled={props.disabled} maxW="xs">
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root disabled={props.disabled}>
        <NativeSelect.Field name={props.name} value={props.value} onChange={(e) => props.onChange(e.target.value as V)}>
          {props.options.map((option) => (
            <option key={option} value={option}>
              {props.text(option)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
