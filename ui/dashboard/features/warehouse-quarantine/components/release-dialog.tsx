import { Field, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import type { ItemDialogProps } from '../../items-stock/components/item-dialog';
import { useItemCommandDialog } from '../../items-stock/hooks/use-item-command-dialog';
import { StockSelect } from '../../stocks/components/stock-select';
import { useStockNames } from '../../../components/warehouse-item/use-stock-names';
import { useReleaseItem } from '../api/release-item';

const TEXT_MAX = 255;

/**
 * Lifts the quarantine: the device goes "to reintegrate into stock", in the
 * stock it physically moves to (any of its warehouse's but quarantine).
 */
export function ReleaseDialog(props: ItemDialogProps) {
  const { t } = useTranslation(['warehouse-quarantine', 'common']);
  const { item } = props;
  const { nameOf } = useStockNames();
  const [stockId, setStockId] = useState('');
  const [comment, setComment] = useState('');
  const [stockMissing, setStockMissing] = useState(false);
  const command = useItemCommandDialog(useReleaseItem(), props, {
    done: t('warehouse-quarantine:notifications.released', { stock: nameOf(stockId) ?? '' }),
    onOpen: () => {
      setStockId('');
      setComment('');
      setStockMissing(false);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setStockMissing(!stockId);
    if (stockId) command.send({ stockId, comment: comment.trim() || null });
  }

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      title={t('warehouse-quarantine:release.title', { product: item.product.label })}
      onSubmit={submit}
      failure={command.failure}
      cancelLabel={t('common:actions.cancel')}
      submitLabel={t('warehouse-quarantine:release.submit')}
      submitPalette="brand"
      submitting={command.submitting}
    >
      <Text>{t('warehouse-quarantine:release.intro')}</Text>
      <StockSelect
        label={t('warehouse-quarantine:release.stock')}
        warehouseId={item.warehouseId}
        currentStockId={item.stockId}
        value={stockId}
        onChange={(value) => {
          setStockId(value);
          setStockMissing(false);
        }}
        error={stockMissing ? t('warehouse-quarantine:release.stockRequired') : null}
        help={t('warehouse-quarantine:release.stockHelp')}
      />
      <Field.Root>
        <Field.Label>{t('warehouse-quarantine:release.comment')}</Field.Label>
        <Textarea value={comment} maxLength={TEXT_MAX} rows={3} onChange={(e) => setComment(e.target.value)} />
        <Field.HelperText>{t('warehouse-quarantine:release.commentHelp', { max: TEXT_MAX })}</Field.HelperText>
      </Field.Root>
    </FormDialog>
  );
}
