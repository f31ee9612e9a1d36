import { Alert, Button, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/client';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { AlertDialog } from '../../../../shared/components/alert-dialog';
import { toaster } from '../../../components/toaster';
import { useDeleteStock } from '../api/delete-stock';
import type { Stock } from '../types';

interface Props {
  stock: Stock;
  name: string;
  open: boolean;
  onClose(): void;
  onDeleted(): void;
}

/** Deleting a stock is final: confirmed first; the API's refusal (it holds items since) is said in the dialog. */
export function DeleteStockDialog({ stock, name, open, onClose, onDeleted }: Props) {
  const { t } = useTranslation(['stocks', 'common']);
  const remove = useDeleteStock();
  const errorText = useApiErrorText();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (open) setFailure(null);
  }, [open]);

  function confirm() {
    remove.mutate(stock.id, {
      onSuccess: () => {
        onClose();
        toaster.create({ type: 'success', title: t('stocks:notifications.deleted', { name }) });
        onDeleted();
      },
      onError: (error) => {
        if (!(error instanceof ApiError && error.isServerError)) setFailure(errorText(error));
      },
    });
  }

  return (
    <AlertDialog
      open={open}
      onDismiss={onClose}
      title={t('stocks:delete.title', { name })}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button colorPalette="red" onClick={confirm} loading={remove.isPending} disabled={failure !== null}>
            {t('stocks:delete.confirm')}
          </Button>
        </>
      }
    >
      <Text mb={failure ? '4' : '0'}>{t('stocks:delete.warning')}</Text>
      {failure && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{failure}</Alert.Title>
        </Alert.Root>
      )}
    </AlertDialog>
  );
}
