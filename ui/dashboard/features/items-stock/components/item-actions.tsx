import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DisputeMailDialog } from '../../warehouse-quarantine/components/dispute-mail-dialog';
import { ReleaseDialog } from '../../warehouse-quarantine/components/release-dialog';
import type { ItemAction, LostPlace } from '../types';
import type { ItemDialogProps } from './item-dialog';
import { LostDialog } from './lost-dialog';
import { MoveDialog } from './move-dialog';
import { QuarantineDialog } from './quarantine-dialog';
import { ReturnDialog } from './return-dialog';

/** The actions a screen offers on one item, each its dialog; the API says which apply now (allowedActions). */
export type ItemActionDialog = Extract<
  ItemAction,
  'MoveItem' | 'QuarantineItem' | 'ReleaseItem' | 'SendDisputeMail' | 'ReturnItem' | 'DeclareItemLostInStore' | 'DeclareItemLostInTransport' | 'DeclareItemLostInWarehouse'
>;

/** In the order the buttons stand: the everyday moves first, the losses (final) last. */
const ACTIONS: readonly ItemActionDialog[] = [
  'MoveItem',
  'ReleaseItem',
  'SendDisputeMail',
  'QuarantineItem',
  'ReturnItem',
  'DeclareItemLostInStore',
  'DeclareItemLostInTransport',
  'DeclareItemLostInWarehouse',
];

const LOSSES: Partial<Record<ItemActionDialog, LostPlace>> = {
  DeclareItemLostInStore: 'store',
  DeclareItemLostInTransport: 'transport',
  DeclareItemLostInWarehouse: 'warehouse',
};

const RED: ReadonlySet<ItemActionDialog> = new Set(['QuarantineItem', 'DeclareItemLostInStore', 'DeclareItemLostInTransport', 'DeclareItemLostInWarehouse']);

/** A button per action the item allows now, and nothing for the others. */
export function ItemActionButtons({ allowed, onOpen }: { allowed: readonly ItemAction[]; onOpen(action: ItemActionDialog): void }) {
  const { t } = useTranslation('items-stock');
  return (
    <>
      {ACTIONS.filter((action) => allowed.includes(action)).map((action) => (
        <Button key={action} variant={action === 'MoveItem' || action === 'ReleaseItem' ? 'solid' : 'outline'} colorPalette={RED.has(action) ? 'red' : 'brand'} onClick={() => onOpen(action)}>
          {t(`actions.${action}`)}
        </Button>
      ))}
    </>
  );
}

/** Every action's dialog, the one open named by `open`. */
export function ItemActionDialogs({ open, ...props }: Omit<ItemDialogProps, 'open'> & { open: ItemActionDialog | null }) {
  const is = (action: ItemActionDialog) => open === action;
  return (
    <>
      <MoveDialog {...props} open={is('MoveItem')} />
      <ReleaseDialog {...props} open={is('ReleaseItem')} />
      <DisputeMailDialog {...props} open={is('SendDisputeMail')} />
      <QuarantineDialog {...props} open={is('QuarantineItem')} />
      <ReturnDialog {...props} open={is('ReturnItem')} />
      {Object.entries(LOSSES).map(([action, place]) => (
        <LostDialog key={action} {...props} place={place} open={is(action as ItemActionDialog)} />
      ))}
    </>
  );
}
