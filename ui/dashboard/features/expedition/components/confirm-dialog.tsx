import { Stack, Text } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';

interface Props {
  open: boolean;
  title: string;
  lines: string[];
  submitLabel: string;
  submitPalette: 'brand' | 'red';
  submitting: boolean;
  failure: string | null;
  onConfirm(): void;
  onClose(): void;
}

/** "Are you sure?" before a command that cannot be taken back (closing or abandoning a package). */
export function ConfirmDialog({ open, title, lines, submitLabel, submitPalette, submitting, failure, onConfirm, onClose }: Props) {
  const { t } = useTranslation('common');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm();
  };
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={title}
      onSubmit={submit}
      failure={failure}
      cancelLabel={t('actions.cancel')}
      submitLabel={submitLabel}
      submitPalette={submitPalette}
      submitting={submitting}
    >
      <Stack gap="2">
        {lines.map((line) => (
          <Text key={line}>{line}</Text>
        ))}
      </Stack>
    </FormDialog>
  );
}
