import { Field, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIdentificationNumber, formatMoney } from '../../../../shared/format/format';
import { ApiError } from '../../../../shared/api/client';
import { useIdempotencyKeys } from '../../../../shared/api/use-idempotency-keys';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { FormDialog } from '../../../components/form-dialog';
import { toaster } from '../../../components/toaster';
import { useMarkPaymentAsPaid, useRelaunchPayment } from '../api/payment-command';
import type { PaymentListItem } from '../types';

/** The most characters of a relaunch's reason and of a payment's information (the domain's limits). */
export const PAYMENT_TEXT_MAX = 255;

/** The commands a payment screen offers, each its dialog. */
export type PaymentDialogCommand = 'RelaunchPayment' | 'MarkPaymentAsPaid';
export const PAYMENT_DIALOG_COMMANDS: readonly PaymentDialogCommand[] = ['RelaunchPayment', 'MarkPaymentAsPaid'];

/** The payment a dialog acts on: a list row's or the detail's (which knows its revision). */
export interface PaymentTarget {
  payment: Pick<PaymentListItem, 'id' | 'identificationNumber' | 'amount'>;
  etag: string | null;
}

interface Props {
  command: PaymentDialogCommand | null;
  target: PaymentTarget | null;
  onClose(): void;
}

/**
 * Relaunch (an optional reason) or mark as paid (optional information), at
 * most 255 characters with a counter. A refusal (409: the payment is no
 * longer failed, or not manual) stays in the dialog in the API's words, and
 * the screen behind reloads the payment as it is now.
 */
export function PaymentCommandDialog({ command, target, onClose }: Props) {
  const { t, i18n } = useTranslation(['payments', 'common']);
  const relaunch = useRelaunchPayment();
  const markAsPaid = useMarkPaymentAsPaid();
  const mutation = command === 'MarkPaymentAsPaid' ? markAsPaid : relaunch;
  const keys = useIdempotencyKeys();
  const errorText = useApiErrorText();
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const open = command !== null && target !== null;

  useEffect(() => {
    if (!open) return;
    setText('');
    setFailure(null);
    keys.reset();
  }, [open, command, target?.payment.id, keys]);

  const length = [...text].length;
  const tooLong = length > PAYMENT_TEXT_MAX;
  const name = command === 'MarkPaymentAsPaid' ? 'markAsPaid' : 'relaunch';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!target || !command || tooLong) return;
    const trimmed = text.trim();
    const body = command === 'MarkPaymentAsPaid' ? (trimmed ? { information: trimmed } : {}) : trimmed ? { reason: trimmed } : {};
    setFailure(null);
    mutation.mutate(
      { id: target.payment.id, etag: target.etag, body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: () => {
          onClose();
          toaster.create({ type: 'success', title: t(`payments:notifications.${name}`) });
        },
        onError: (error) => {
          if (!(error instanceof ApiError && error.isServerError)) setFailure(errorText(error));
        },
      },
    );
  }

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t(`payments:${name}.title`)}
      onSubmit={submit}
      failure={failure}
      cancelLabel={t('common:actions.cancel')}
      submitLabel={t(`payments:${name}.submit`)}
      submitPalette="brand"
      submitting={mutation.isPending}
    >
      {target && (
        <Text>
          {t(`payments:${name}.intro`, {
            code: formatIdentificationNumber(target.payment.identificationNumber),
            amount: formatMoney(target.payment.amount, i18n.language),
          })}
        </Text>
      )}
      <Field.Root invalid={tooLong}>
        <Field.Label>{t(`payments:${name}.text`)}</Field.Label>
        <Textarea value={text} rows={3} onChange={(e) => setText(e.target.value)} />
        <Field.HelperText data-testid="payment-text-count" aria-live="polite">
          {t('payments:dialog.counter', { length, max: PAYMENT_TEXT_MAX })}
        </Field.HelperText>
        {tooLong && <Field.ErrorText>{t('payments:dialog.tooLong', { max: PAYMENT_TEXT_MAX })}</Field.ErrorText>}
      </Field.Root>
    </FormDialog>
  );
}
