import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkDebtorAccount } from '@server/domain/payments/transfer-file';
import { DomainError } from '@server/domain/shared/domain-error';
import { ApiError } from '../../../../shared/api/client';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { toaster } from '../../../components/toaster';
import { useSaveDebtorAccount } from '../api/debtor-account';
import type { DebtorAccountView } from '@server/application/payments/transfer-file-views';

type FieldName = 'name' | 'iban' | 'bic';

/** The field a refusal names: the IBAN's own codes, or SEPA_DEBTOR_INVALID's `field`. */
function fieldOf(code: string, details: Record<string, unknown> | undefined): FieldName {
  if (code.startsWith('IBAN_')) return 'iban';
  return details?.field === 'bic' ? 'bic' : details?.field === 'iban' ? 'iban' : 'name';
}

/**
 * The debtor account of the transfer files: the retailer's name, IBAN and
 * BIC, checked here as the API checks them (the same domain function), the
 * refusal at its field.
 */
export function DebtorAccountForm({ account }: { account: DebtorAccountView }) {
  const { t } = useTranslation(['payment-transfer-files', 'api']);
  const errorText = useApiErrorText();
  const save = useSaveDebtorAccount();
  const [values, setValues] = useState({ name: account.name ?? '', iban: account.iban ?? '', bic: account.bic ?? '' });
  const [problem, setProblem] = useState<{ field: FieldName; text: string } | null>(null);

  function submit() {
    const input = { name: values.name, iban: values.iban, bic: values.bic.trim() === '' ? null : values.bic };
    try {
      checkDebtorAccount(input);
    } catch (error) {
      if (error instanceof DomainError) {
        setProblem({ field: fieldOf(error.code, error.details), text: t(`api:errors.${error.code}`, error.details) });
        return;
      }
      throw error;
    }
    setProblem(null);
    save.mutate(input, {
      onSuccess: () => toaster.create({ type: 'success', title: t('debtor.saved') }),
      onError: (error) => {
        if (error instanceof ApiError && error.isServerError) return;
        setProblem({ field: error instanceof ApiError ? fieldOf(error.code, error.details) : 'name', text: errorText(error) });
      },
    });
  }

  const field = (name: FieldName, props: { maxLength: number; placeholder?: string; required?: boolean }) => (
    <Field.Root invalid={problem?.field === name} required={props.required ?? false} flex="1" minW="14rem">
      <Field.Label>
        {t(`debtor.fields.${name}`)}
        {props.required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input
        value={values[name]}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        onChange={(event) => {
          setValues({ ...values, [name]: event.target.value });
          setProblem(null);
        }}
        data-testid={`debtor-${name}`}
      />
      {problem?.field === name && <Field.ErrorText data-testid={`debtor-${name}-error`}>{problem.text}</Field.ErrorText>}
    </Field.Root>
  );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap={3}>
        <Text color="fg.muted">{t(account.configured ? 'debtor.help' : 'debtor.missing')}</Text>
        <HStack gap={3} align="start" flexWrap="wrap">
          {field('name', { maxLength: 70, required: true })}
          {field('iban', { maxLength: 64, placeholder: 'FR76 …', required: true })}
          {field('bic', { maxLength: 16 })}
        </HStack>
        <HStack>
          <Button type="submit" colorPalette="brand" loading={save.isPending} data-testid="debtor-save">
            {t('debtor.save')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
