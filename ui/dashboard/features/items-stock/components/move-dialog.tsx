import { Field, Input, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { StockSelect } from '../../stocks/components/stock-select';
import { useStockNames } from '../../../components/warehouse-item/use-stock-names';
import { useMoveItem } from '../api/move-item';
import { useItemCommandDialog } from '../hooks/use-item-command-dialog';
import type { ItemDialogProps } from './item-dialog';

const TEXT_MAX = 255;

/** Moves the device to another stock of its warehouse, for a reason its history keeps. */
export function MoveDialog(props: ItemDialogProps) {
  const { t } = useTranslation(['items-stock', 'common']);
  const { item } = props;
  const { nameOf } = useStockNames();
  const [stockId, setStockId] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ stockId?: string; reason?: string }>({});
  const command = useItemCommandDialog(useMoveItem(), props, {
    done: t('items-stock:notifications.moved', { stock: nameOf(stockId) ?? '' }),
    onOpen: () => {
      setStockId('');
      setReason('');
      setProblems({});
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = { stockId: stockId ? undefined : t('items-stock:move.stockRequired'), reason: reason.trim() ? undefined : t('items-stock:move.reasonRequired') };
    setProblems(found);
    if (found.stockId || found.reason) return;
    command.send({ stockId, reason: reason.trim() });
  }

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      title={t('items-stock:move.title')}
      onSubmit={submit}
      failure={command.failure}
      cancelLabel={t('common:actions.cancel')}
      submitLabel={t('items-stock:move.submit')}
      submitPalette="brand"
      submitting={command.submitting}
    >
      <Text>{t('items-stock:move.current', { stock: nameOf(item.stockId) ?? '—' })}</Text>
      <StockSelect
        label={t('items-stock:move.stock')}
        warehouseId={item.warehouseId}
        currentStockId={item.stockId}
        value={stockId}
        onChange={setStockId}
        error={problems.stockId}
      />
      <Field.Root invalid={!!problems.reason} required>
        <Field.Label>
          {t('items-stock:move.reason')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input value={reason} maxLength={TEXT_MAX} autoComplete="off" onChange={(e) => setReason(e.target.value)} />
        {problems.reason ? <Field.ErrorText>{problems.reason}</Field.ErrorText> : <Field.HelperText>{t('items-stock:move.reasonHelp')}</Field.HelperText>}
      </Field.Root>
    </FormDialog>
  );
}
