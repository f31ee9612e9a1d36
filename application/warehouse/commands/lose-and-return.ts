import type { LostPlace } from '../../../domain/warehouse/items/events.js';
import { defineCommand } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import type { Permission } from '../../organizations/permissions.js';
import type { WarehousePorts } from '../warehouse-ports.js';
import { appendToItem, itemCommand, itemMetadata, itemOutcome, visibleItem, type ItemOutcome, type OnItem } from './item-command.js';

/** Who may declare a loss depends on where it happened (specification 001 §6): one permission per place. */
export const LOSS_PERMISSIONS: Readonly<Record<LostPlace, Permission>> = {
  store: 'item.declare_lost_store',
  transport: 'item.declare_lost_transport',
  warehouse: 'item.declare_lost_warehouse',
};

export interface DeclareItemLostInput extends OnItem {
  place: LostPlace;
  comment: string;
}

/**
 * The device was lost by the store, the carrier or the warehouse: the loss
 * is recorded, and its buyback follows (completed at the declared price, the
 * customer to be paid).
 */
export const declareItemLost = defineCommand<WarehousePorts, DeclareItemLostInput, ItemOutcome>({
  name: 'DeclareItemLost',
  // Checked per place below.
  permission: null,
  async run(deps, context, input) {
    // An item the caller cannot see answers 404 as for any id that does not exist; one they see, 403 without the place's permission.
    const item = await visibleItem(deps, context.principal, input.itemId);
    const permission = LOSS_PERMISSIONS[input.place];
    if (!context.principal.permissions.has(permission)) throw new ApplicationError('ACCESS_DENIED', { permission });
    const result = await appendToItem(
      deps,
      item,
      { type: 'DeclareItemLost', data: { place: input.place, comment: input.comment.trim() } },
      itemMetadata(deps, context, item),
      context.expectedRevision,
    );
    return itemOutcome(item._id, result);
  },
});

export interface ReturnItemInput extends OnItem {
  trackingNumber?: string | null;
  comment?: string | null;
}

/** The device the customer refused to sell (or whose buyback was cancelled) is shipped back to them. */
export const returnItem = itemCommand<ReturnItemInput>({
  name: 'ReturnItem',
  permission: 'item.return',
  build: ({ trackingNumber, comment }) => ({
    type: 'ReturnItem',
    data: { trackingNumber: trackingNumber?.trim() || null, comment: comment?.trim() || null },
  }),
});
