import { Field, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { useDeclareItemLost } from '../api/declare-item-lost';
import { useItemCommandDialog } from '../hooks/use-item-command-dialog';
import type { LostPlace } from '../types';
import type { ItemDialogProps } from './item-dialog';

const TEXT_MAX = 255;

/**
 * Declares the device lost where it was lost (each place its own action and
 * permission): final; its buyback is completed and the customer paid.
 */
export function LostDialog({ place, ...props }: ItemDialogProps & { place: LostPlace }) {
  const { t } = useTranslation(['items-stock', 'common']);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const command = useItemCommandDialog(useDeclareItemLost(), props, {
    done: t('items-stock:notifications.lost'),
    onOpen: () => {
      setComment('');
      setMissing(false);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setMissing(!comment.trim());
    if (comment.trim()) command.send({ place, comment: comment.trim() });
  }

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      title={t(`items-stock:lost.title.${place}`)}
      onSubmit={submit}
      failure={command.failure}
      cancelLabel={t('common:actions.cancel')}
      submitLabel={t('items-stock:lost.submit')}
      submitPalette="red"
      submitting={command.submitting}
    >
      <Text>{t('items-stock:lost.warning')}</Text>
      <Field.Root invalid={missing} required>
        <Field.Label>
          {t('items-stock:lost.comment')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Textarea value={comment} maxLength={TEXT_MAX} rows={3} onChange={(e) => setComment(e.target.value)} />
        {missing ? <Field.ErrorText>{t('items-stock:lost.commentRequired')}</Field.ErrorText> : <Field.HelperText>{t('items-stock:lost.commentHelp', { max: TEXT_MAX })}</Field.HelperText>}
      </Field.Root>
    </FormDialog>
  );
}
