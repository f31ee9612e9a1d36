import { defineCommand } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import type { WarehousePorts } from '../warehouse-ports.js';
import { itemByCode } from '../queries/item-lookup.js';
import { warehouseSettingsOf } from '../settings.js';
import { appendToItem, itemMetadata, itemOutcome, type ItemOutcome } from './item-command.js';

export interface CheckInItemInput {
  /** A buyback code (13 digits) or an item code (8 or 13 characters), typed or scanned. */
  code: string;
}

/**
 * The operator scans a parcel that arrived: the item is registered in the
 * warehouse (its to-approve stock), and its buyback follows (in processing).
 * Refused when the retailer's check-in is disabled (provider staff count as
 * disabled), for a code that names nothing of this warehouse, or several
 * items, and for an item whose status is not one to register.
 */
export const checkInItem = defineCommand<WarehousePorts, CheckInItemInput, ItemOutcome & { itemId: string }>({
  name: 'CheckInItem',
  permission: 'item.check_in',
  async run(deps, context, { code }) {
    const { principal } = context;
    const item = await itemByCode(deps.documents, principal, code);
    const settings = await warehouseSettingsOf(deps.documents, principal, item.accountId);
    if (settings.checkInRequirement === 'disabled') throw new ApplicationError('WAREHOUSE_CHECKIN_DISABLED');
    const warehouseId = principal.module === 'rps' && principal.organizationId ? principal.organizationId : item.warehouseId;
    const result = await appendToItem(
      deps,
      item,
      { type: 'CheckInItem', data: { warehouseId, at: deps.clock.now() } },
      itemMetadata(deps, context, item),
      context.expectedRevision,
    );
    return { ...itemOutcome(item._id, result), itemId: item._id };
  },
});
