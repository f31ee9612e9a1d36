import { Field, Fieldset, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PaymentModeFormValues, PaymentModeProblems } from '../form-model';
import { PremiumBadge } from './premium-badge';

interface Props {
  values: PaymentModeFormValues;
  set: <K extends keyof PaymentModeFormValues>(key: K) => (value: PaymentModeFormValues[K]) => void;
  problems: PaymentModeProblems;
  /** The retailer has the payment_bonus premium feature; without it the fields are shown disabled with the badge. */
  available: boolean;
  readOnly: boolean;
}

/** The bonus or malus: disabled, a percentage (with an optional cap of the same sign) or an amount; negative is a malus. */
export function ModifierFields({ values, set, problems, available, readOnly }: Props) {
  const { t } = useTranslation('payment-modes');
  const disabled = !available || readOnly;
  return (
    <Fieldset.Root invalid={Boolean(problems.modifier ?? problems.percent ?? problems.cap ?? problems.amount)} disabled={disabled}>
      <HStack gap="2">
        <Fieldset.Legend fontWeight="semibold">{t('fields.modifier')}</Fieldset.Legend>
        {!available && <PremiumBadge />}
      </HStack>
      <Fieldset.HelperText>{available ? t('form.modifierHelp') : t('premium.text')}</Fieldset.HelperText>
      <Stack gap="4" mt="2">
        <Field.Root invalid={Boolean(problems.modifier)} disabled={disabled}>
          <Field.Label>{t('fields.modifierKind')}</Field.Label>
          <NativeSelect.Root disabled={disabled}>
            <NativeSelect.Field name="modifierKind" value={values.modifierKind} onChange={(e) => set('modifierKind')(e.target.value as PaymentModeFormValues['modifierKind'])}>
              {(['disabled', 'percentage', 'amount'] as const).map((kind) => (
                <option key={kind} value={kind}>
                  {t(`modifierKinds.${kind}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {problems.modifier && <Field.ErrorText>{problems.modifier}</Field.ErrorText>}
        </Field.Root>
        {values.modifierKind === 'percentage' && (
          <HStack gap="4" align="start" wrap="wrap">
            <Field.Root invalid={Boolean(problems.percent)} required disabled={disabled} maxW="xs">
              <Field.Label>
                {t('fields.percent')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input name="percent" inputMode="numeric" value={values.percent} onChange={(e) => set('percent')(e.target.value)} />
              {problems.percent ? <Field.ErrorText>{problems.percent}</Field.ErrorText> : <Field.HelperText>{t('form.percentHelp')}</Field.HelperText>}
            </Field.Root>
            <Field.Root invalid={Boolean(problems.cap)} disabled={disabled} maxW="xs">
              <Field.Label>{t('fields.cap')}</Field.Label>
              <Input name="cap" inputMode="decimal" value={values.cap} onChange={(e) => set('cap')(e.target.value)} />
              {problems.cap ? <Field.ErrorText>{problems.cap}</Field.ErrorText> : <Field.HelperText>{t('form.capHelp')}</Field.HelperText>}
            </Field.Root>
          </HStack>
        )}
        {values.modifierKind === 'amount' && (
          <Field.Root invalid={Boolean(problems.amount)} required disabled={disabled} maxW="xs">
            <Field.Label>
              {t('fields.amount')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input name="amount" inputMode="decimal" value={values.amount} onChange={(e) => set('amount')(e.target.value)} />
            {problems.amount ? <Field.ErrorText>{problems.amount}</Field.ErrorText> : <Field.HelperText>{t('form.amountHelp')}</Field.HelperText>}
          </Field.Root>
        )}
        {!available && values.modifierKind !== 'disabled' && <Text fontSize="sm">{t('premium.kept')}</Text>}
      </Stack>
    </Fieldset.Root>
  );
}
