import { Field, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { useQuarantineItem } from '../api/quarantine-item';
import { useItemCommandDialog } from '../hooks/use-item-command-dialog';
import { QUARANTINE_REASONS, type QuarantineReason } from '../types';
import type { ItemDialogProps } from './item-dialog';

const TEXT_MAX = 255;

/** Holds a suspect device in quarantine, for a reason and with a comment; its customer is e-mailed why. */
export function QuarantineDialog(props: ItemDialogProps) {
  const { t } = useTranslation(['items-stock', 'common']);
  const [reason, setReason] = useState<QuarantineReason | null>(null);
  const [comment, setComment] = useState('');
  const [problems, setProblems] = useState<{ reason?: boolean; comment?: boolean }>({});
  const command = useItemCommandDialog(useQuarantineItem(), props, {
    done: t('items-stock:notifications.quarantined'),
    onOpen: () => {
      setReason(null);
      setComment('');
      setProblems({});
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = { reason: !reason, comment: !comment.trim() };
    setProblems(found);
    if (reason && !found.comment) command.send({ reason, comment: comment.trim() });
  }

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      title={t('items-stock:quarantine.title')}
      onSubmit={submit}
      failure={command.failure}
      cancelLabel={t('common:actions.cancel')}
      submitLabel={t('items-stock:quarantine.submit')}
      submitPalette="red"
      submitting={command.submitting}
    >
      <Text>{t('items-stock:quarantine.intro')}</Text>
      <Field.Root invalid={problems.reason} required>
        <RadioGroup.Root
          value={reason}
          onValueChange={(details) => {
            setReason(details.value as QuarantineReason);
            setProblems((current) => ({ ...current, reason: false }));
          }}
        >
          <RadioGroup.Label fontWeight="medium" mb="2">
            {t('items-stock:quarantine.reason')}
            <Text as="span" color="fg.error" aria-hidden>
              {' *'}
            </Text>
          </RadioGroup.Label>
          <Stack gap="2">
            {QUARANTINE_REASONS.map((value) => (
              <RadioGroup.Item key={value} value={value}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{t(`api:items.quarantineReasons.${value}`)}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
        {problems.reason && <Field.ErrorText>{t('items-stock:quarantine.reasonRequired')}</Field.ErrorText>}
      </Field.Root>
      <Field.Root invalid={problems.comment} required>
        <Field.Label>
          {t('items-stock:quarantine.comment')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Textarea value={comment} maxLength={TEXT_MAX} rows={3} onChange={(e) => setComment(e.target.value)} />
        {problems.comment ? (
          <Field.ErrorText>{t('items-stock:quarantine.commentRequired')}</Field.ErrorText>
        ) : (
          <Field.HelperText>{t('items-stock:quarantine.commentHelp', { max: TEXT_MAX })}</Field.HelperText>
        )}
      </Field.Root>
    </FormDialog>
  );
}
