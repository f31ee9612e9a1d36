import { Alert, Button, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client';
import { useApiErrorText } from '../../shared/buyback-path/components/api-error-alert';
import { AlertDialog } from '../../shared/components/alert-dialog';

interface Props {
  open: boolean;
  onClose(): void;
  title: string;
  warning: string;
  confirmLabel: string;
  pending: boolean;
  /**
   * Runs the deletion; `refused(error)` says the API's refusal in the dialog
   * (a server error is already said by the server-error modal).
   */
  onConfirm(refused: (error: unknown) => void): void;
}

/** A deletion that cannot be undone: confirmed first, the API's refusal said in the dialog, which then offers only to cancel. */
export function ConfirmDeleteDialog({ open, onClose, title, warning, confirmLabel, pending, onConfirm }: Props) {
  const { t } = useTranslation('common');
  const errorText = useApiErrorText();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (open) setFailure(null);
  }, [open]);

  const refused = (error: unknown) => {
    if (!(error instanceof ApiError && error.isServerError)) setFailure(errorText(error));
  };

  return (
    <AlertDialog
      open={open}
      onDismiss={onClose}
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button colorPalette="red" onClick={() => onConfirm(refused)} loading={pending} disabled={failure !== null}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Text mb={failure ? '4' : '0'}>{warning}</Text>
      {failure && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{failure}</Alert.Title>
        </Alert.Root>
      )}
    </AlertDialog>
  );
}
