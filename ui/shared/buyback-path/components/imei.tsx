import { Button, Field, Input } from '@chakra-ui/react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { DomainError } from '@server/domain/shared/domain-error';
import { imeiMatchesTac, parseImei } from '@server/domain/values/imei';
import { AlertDialog } from '../../components/alert-dialog';
import { MessageText } from '../../components/api-text';
import { messageOf, type FieldMessage } from '../field-message';

/** The premium feature that adds IMEI search and the IMEI field. */
export const IMEI_FEATURE = 'imei_search_and_collect';

export type ImeiCheck =
  | { kind: 'empty' }
  | { kind: 'invalid'; message: FieldMessage }
  | { kind: 'unknown'; imei: string }
  | { kind: 'valid'; imei: string };

/**
 * The domain's IMEI rule (15 to 17 digits, Luhn check digit), then the
 * product's TAC codes: an IMEI of another model is "unknown" and the user
 * decides whether to go on (the create then says it accepts it).
 */
export function checkImei(typed: string, tacCodes: readonly string[]): ImeiCheck {
  if (typed.trim() === '') return { kind: 'empty' };
  try {
    const imei = parseImei(typed);
    if (tacCodes.length > 0 && !imeiMatchesTac(imei, tacCodes)) return { kind: 'unknown', imei: imei.value };
    return { kind: 'valid', imei: imei.value };
  } catch (error) {
    if (error instanceof DomainError) return { kind: 'invalid', message: messageOf({ ...error.details, code: error.code }) };
    throw error;
  }
}

export function ImeiField({
  value,
  onChange,
  error,
  required = false,
  inputRef,
  label,
}: {
  value: string;
  onChange(value: string): void;
  error: FieldMessage | null;
  required?: boolean;
  inputRef?: RefObject<HTMLInputElement | null>;
  label?: string;
}) {
  const { t } = useTranslation('buyback-path');
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label ?? t('imei.label')}
        <Field.RequiredIndicator fallback={<span> {t('imei.optional')}</span>} />
      </Field.Label>
      <Input
        ref={inputRef}
        name="imei"
        inputMode="numeric"
        autoComplete="off"
        maxLength={17}
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/\s+/g, ''))}
      />
      <Field.HelperText>{t('imei.help')}</Field.HelperText>
      <Field.ErrorText>{error ? <MessageText message={error} /> : null}</Field.ErrorText>
    </Field.Root>
  );
}

/** An IMEI that matches no TAC code of the product: go back and correct it, or continue anyway. */
export function ImeiMismatchDialog({ open, imei, onBack, onContinue }: { open: boolean; imei: string; onBack(): void; onContinue(): void }) {
  const { t } = useTranslation('buyback-path');
  return (
    <AlertDialog
      open={open}
      onDismiss={onBack}
      title={t('imei.mismatch.title')}
      footer={
        <>
          <Button variant="outline" onClick={onBack}>
            {t('imei.mismatch.back')}
          </Button>
          <Button colorPalette="brand" onClick={onContinue}>
            {t('imei.mismatch.continue')}
          </Button>
        </>
      }
    >
      <p>
        <MessageText message={{ key: 'api:errors.IMEI_TAC_MISMATCH', values: {} }} />
      </p>
      <p>{t('imei.mismatch.value', { imei })}</p>
    </AlertDialog>
  );
}
