import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
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
  const { t } = useTranslation('stocks');
  const remove = useDeleteStock();
  return (
    <ConfirmDeleteDialog
      open={open}
      onClose={onClose}
      title={t('delete.title', { name })}
      warning={t('delete.warning')}
      confirmLabel={t('delete.confirm')}
      pending={remove.isPending}
      onConfirm={(refused) =>
        remove.mutate(stock.id, {
          onSuccess: () => {
            onClose();
            toaster.create({ type: 'success', title: t('notifications.deleted', { name }) });
            onDeleted();
          },
          onError: refused,
        })
      }
    />
  );
}
