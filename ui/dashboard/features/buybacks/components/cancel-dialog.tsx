import { Alert, Field, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/client';
import { useIdempotencyKeys } from '../../../../shared/api/use-idempotency-keys';
import { FormDialog } from '../../../components/form-dialog';
import type { BuybackDialogProps } from './buyback-dialog';
import { toaster } from '../../../components/toaster';
import { useCancelBuyback } from '../api/cancel-buyback';
import { isPaymentNotCancellable, isStaleEdit } from '../errors';
import { CANCEL_REASONS, type CancelReason } from '../types';

const COMMENT_MAX = 255;

/**
 * Cancelling is irreversible and cancels the payment too. When the payment
 * can no longer be called back (a voucher handed over), the API refuses and
 * the dialog offers to force the cancellation.
 */
export function CancelDialog({ buyback, etag, open, onClose, onStale }: BuybackDialogProps) {
  const { t } = useTranslation(['buybacks', 'api', 'common']);
  const cancel = useCancelBuyback();
  const [reason, setReason] = useState<CancelReason | null>(null);
  const [comment, setComment] = useState('');
  const [forceOffered, setForceOffered] = useState(false);
  const [reasonMissing, setReasonMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // One key per distinct request of this dialog: a retry replays, a changed request is a new one.
  const keys = useIdempotencyKeys();

  useEffect(() => {
    if (!open) return;
    setReason(null);
    setComment('');
    setForceOffered(false);
    setReasonMissing(false);
    setFailure(null);
    keys.reset();
  }, [open, keys]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setReasonMissing(true);
      return;
    }
    const body = { reason, comment: comment.trim() || null, force: forceOffered };
    const idempotencyKey = keys.keyFor(body);
    setFailure(null);
    cancel.mutate(
      { id: buyback.id, etag, ...body, idempotencyKey },
      {
        onSuccess: () => {
          onClose();
          toaster.create({ type: 'success', title: t('buybacks:notifications.cancelled') });
        },
        onError: (error) => {
          if (isPaymentNotCancellable(error)) setForceOffered(true);
          else if (isStaleEdit(error)) {
            onClose();
            onStale();
          } else if (error instanceof ApiError && !error.isServerError) {
            setFailure(t(`api:errors.${error.code}`, { defaultValue: error.message, ...(error.details ?? {}) }));
          }
        },
      },
    );
  }

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('buybacks:cancel.title')}
      onSubmit={submit}
      failure={failure}
      cancelLabel={t('buybacks:cancel.keep')}
      submitLabel={forceOffered ? t('buybacks:cancel.force') : t('buybacks:cancel.confirm')}
      submitPalette="red"
      submitting={cancel.isPending}
    >
      <Text>{t('buybacks:cancel.warning')}</Text>
      <Field.Root invalid={reasonMissing} required>
        <RadioGroup.Root
          value={reason}
          onValueChange={(details) => {
            setReason(details.value as CancelReason);
            setReasonMissing(false);
          }}
        >
          <RadioGroup.Label fontWeight="medium" mb="2">
            {t('buybacks:cancel.reason')}
            <Text as="span" color="fg.error" aria-hidden>
              {' *'}
            </Text>
          </RadioGroup.Label>
          <Stack gap="2">
            {CANCEL_REASONS.map((value) => (
              <RadioGroup.Item key={value} value={value}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{t(`buybacks:cancelReasons.${value}`)}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
        {reasonMissing && <Field.ErrorText>{t('buybacks:cancel.reasonRequired')}</Field.ErrorText>}
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('buybacks:cancel.comment')}</Field.Label>
        <Textarea value={comment} maxLength={COMMENT_MAX} rows={3} onChange={(e) => setComment(e.target.value)} />
        <Field.HelperText>{t('buybacks:cancel.commentHelp', { max: COMMENT_MAX })}</Field.HelperText>
      </Field.Root>
      {forceOffered && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('buybacks:cancel.paymentNotCancellable')}</Alert.Title>
            <Alert.Description>{t('buybacks:cancel.forceExplained')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </FormDialog>
  );
}
