import { Field, Input, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { useReturnItem } from '../api/return-item';
import { useItemCommandDialog } from '../hooks/use-item-command-dialog';
import type { ItemDialogProps } from './item-dialog';

const TRACKING_MAX = 64;
const TEXT_MAX = 255;

/** Records that the device was shipped back to its customer: the parcel's tracking number and a comment, both optional. */
export function ReturnDialog(props: ItemDialogProps) {
  const { t } = useTranslation(['items-stock', 'common']);
  const [trackingNumber, setTrackingNumber] = useState('');
  const [comment, setComment] = useState('');
  const command = useItemCommandDialog(useReturnItem(), props, {
    done: t('items-stock:notifications.returned'),
    onOpen: () => {
      setTrackingNumber('');
      setComment('');
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    command.send({ trackingNumber: trackingNumber.trim() || null, comment: comment.trim() || null });
  }

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      title={t('items-stock:return.title')}
      onSubmit={submit}
      failure={command.failure}
      cancelLabel={t('common:actions.cancel')}
      submitLabel={t('items-stock:return.submit')}
      submitPalette="brand"
      submitting={command.submitting}
    >
      <Text>{t('items-stock:return.intro')}</Text>
      <Field.Root>
        <Field.Label>{t('items-stock:return.trackingNumber')}</Field.Label>
        <Input value={trackingNumber} maxLength={TRACKING_MAX} autoComplete="off" onChange={(e) => setTrackingNumber(e.target.value)} />
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('items-stock:return.comment')}</Field.Label>
        <Textarea value={comment} maxLength={TEXT_MAX} rows={3} onChange={(e) => setComment(e.target.value)} />
        <Field.HelperText>{t('items-stock:return.commentHelp', { max: TEXT_MAX })}</Field.HelperText>
      </Field.Root>
    </FormDialog>
  );
}
