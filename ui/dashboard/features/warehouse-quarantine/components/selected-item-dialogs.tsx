import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toaster } from '../../../components/toaster';
import { ItemActionDialogs, type ItemActionDialog } from '../../items-stock/components/item-actions';
import { useItem } from '../../../components/warehouse-item/api/get-item';

interface Props {
  itemId: string;
  open: ItemActionDialog | null;
  onClose(): void;
  onStale(): void;
}

/** A list row's action: its dialog works on the device as it is now (its detail, and the detail's ETag). */
export function SelectedItemDialogs({ itemId, open, onClose, onStale }: Props) {
  const { t } = useTranslation('warehouse-quarantine');
  const detail = useItem(itemId);
  const failed = detail.isError && open !== null;

  useEffect(() => {
    if (!failed) return;
    toaster.create({ type: 'error', title: t('notifications.itemLoadFailed') });
    onClose();
  }, [failed, onClose, t]);

  if (!detail.data) return null;
  return <ItemActionDialogs item={detail.data.item} etag={detail.data.etag} open={open} onClose={onClose} onStale={onStale} />;
}
