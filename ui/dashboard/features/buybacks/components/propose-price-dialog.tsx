import { Field, Input, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/client';
import { useIdempotencyKeys } from '../../../../shared/api/use-idempotency-keys';
import { formatMoney } from '../../../../shared/format/format';
import { FormDialog } from '../../../components/form-dialog';
import type { BuybackDialogProps } from './buyback-dialog';
import { toaster } from '../../../components/toaster';
import { useProposeNewPrice } from '../api/propose-new-price';
import { isStaleEdit } from '../errors';

const TEXT_MAX = 255;

/** "350", "350,5", "350.50" or "1 234,50" → cents; null when not an amount with at most two decimals. */
export function parseAmount(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(compact)) return null;
  return Math.round(Number(compact) * 100);
}

interface Problems {
  price?: string;
  reason?: string;
  comment?: string;
}

/** Warehouse staff propose a lower price after the check; the customer accepts or rejects it from an e-mailed link. */
export function ProposePriceDialog({ buyback, etag, open, onClose, onStale }: BuybackDialogProps) {
  const { t, i18n } = useTranslation(['buybacks', 'api', 'common']);
  const propose = useProposeNewPrice();
  const [price, setPrice] = useState('');
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  // One key per distinct request of this dialog: a retry replays, a changed request is a new one.
  const keys = useIdempotencyKeys();
  const declared = buyback.declaredPrice;
  const currency = declared.currency;

  useEffect(() => {
    if (!open) return;
    setPrice('');
    setReason('');
    setComment('');
    setProblems({});
    setFailure(null);
    keys.reset();
  }, [open, keys]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const cents = parseAmount(price);
    const found: Problems = {};
    if (price.trim() === '') found.price = t('buybacks:proposal.errors.priceRequired');
    else if (cents === null) found.price = t('buybacks:proposal.errors.priceInvalid');
    else if (cents >= declared.amountInCents) found.price = t('buybacks:proposal.errors.priceNotLower', { price: formatMoney(declared, i18n.language) });
    const trimmed = reason.trim();
    if (trimmed.length < 2 || trimmed.length > TEXT_MAX) found.reason = t('buybacks:proposal.errors.reasonLength', { min: 2, max: TEXT_MAX });
    setProblems(found);
    if (found.price || found.reason || cents === null) return;

    const body = { proposedPriceInCents: cents, reason: trimmed, comment: comment.trim() || null };
    const idempotencyKey = keys.keyFor(body);
    setFailure(null);
    propose.mutate(
      { id: buyback.id, etag, ...body, idempotencyKey },
      {
        onSuccess: () => {
          onClose();
          toaster.create({ type: 'success', title: t('buybacks:notifications.priceProposed') });
        },
        onError: (error) => {
          if (isStaleEdit(error)) {
            onClose();
            onStale();
            return;
          }
          if (!(error instanceof ApiError) || error.isServerError) return;
          const message = (code: string) => t(`api:errors.${code}`, { defaultValue: error.message, ...(error.details ?? {}) });
          if (error.code === 'BUYBACK_PROPOSED_PRICE_NOT_LOWER') {
            setProblems({ price: t('buybacks:proposal.errors.priceNotLower', { price: formatMoney(declared, i18n.language) }) });
          } else if (error.fields.length > 0) {
            const byField: Problems = {};
            for (const field of error.fields) {
              const name = field.field.replace(/^body\./, '');
              const text = t(`api:errors.${field.code}`, { defaultValue: field.message, ...field });
              if (name === 'proposedPriceInCents') byField.price = text;
              else if (name === 'reason') byField.reason = text;
              else if (name === 'comment') byField.comment = text;
            }
            setProblems(byField);
            if (!byField.price && !byField.reason && !byField.comment) setFailure(message(error.code));
          } else setFailure(message(error.code));
        },
      },
    );
  }

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('buybacks:proposal.title')}
      onSubmit={submit}
      failure={failure}
      cancelLabel={t('common:actions.cancel')}
      submitLabel={t('buybacks:proposal.submit')}
      submitPalette="brand"
      submitting={propose.isPending}
    >
      <Text>{t('buybacks:proposal.intro', { price: formatMoney(declared, i18n.language) })}</Text>
      <Field.Root invalid={!!problems.price} required>
        <Field.Label>
          {t('buybacks:proposal.price', { currency })}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input inputMode="decimal" autoComplete="off" value={price} onChange={(e) => setPrice(e.target.value)} />
        {problems.price ? <Field.ErrorText>{problems.price}</Field.ErrorText> : <Field.HelperText>{t('buybacks:proposal.priceHelp')}</Field.HelperText>}
      </Field.Root>
      <Field.Root invalid={!!problems.reason} required>
        <Field.Label>
          {t('buybacks:proposal.reason')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input value={reason} maxLength={TEXT_MAX} onChange={(e) => setReason(e.target.value)} />
        {problems.reason ? <Field.ErrorText>{problems.reason}</Field.ErrorText> : <Field.HelperText>{t('buybacks:proposal.reasonHelp')}</Field.HelperText>}
      </Field.Root>
      <Field.Root invalid={!!problems.comment}>
        <Field.Label>{t('buybacks:proposal.comment')}</Field.Label>
        <Textarea value={comment} maxLength={TEXT_MAX} rows={3} onChange={(e) => setComment(e.target.value)} />
        {problems.comment && <Field.ErrorText>{problems.comment}</Field.ErrorText>}
      </Field.Root>
    </FormDialog>
  );
}
