import { DomainError } from '../../../domain/shared/domain-error.js';
import { readPackageNumber } from '../../../domain/logistics/packages/package-number.js';
import { IN_WAREHOUSE_STATUSES, type ItemStatus } from '../../../domain/warehouse/items/state.js';
import { shortCodeOf } from '../../../domain/warehouse/items/decide.js';
import { itemIdOf } from '../../../domain/warehouse/buyback-item-sync.js';
import { defineCommand } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import { packageVisibility } from '../../logistics/commands/packages.js';
import { LOGISTICS_COLLECTIONS, type PackageDocument } from '../../logistics/read-models.js';
import { WAREHOUSE_COLLECTIONS, type ItemDocument } from '../read-models.js';
import { warehouseSettingsOf } from '../settings.js';
import type { WarehousePorts } from '../warehouse-ports.js';
import type { PackageCheckInView } from '../warehouse-views.js';
import { checkInItem } from './check-in-item.js';

/** A package still at its store (open) or abandoned (discarded) carries nothing to the warehouse. */
const NOT_SHIPPED = new Set(['open', 'discarded']);

export interface CheckInPackageInput {
  number: string;
}

/**
 * A parcel from a store, checked in by its package number: each device the
 * package carries is checked in on its own (its own CheckInItem, its own item
 * event, through `checkInItem` and its rules), one after the other. A device
 * already at the warehouse is listed as such, one that cannot be registered
 * (lost, cancelled…) with the reason, never failing the whole parcel.
 * Refused as a whole for a malformed number, a package the caller may not
 * see (another tenant's or warehouse's: not found), one that never left its
 * store, or when the retailer's check-in is disabled.
 */
export const checkInPackage = defineCommand<WarehousePorts, CheckInPackageInput, PackageCheckInView & { position: number | null }>({
  name: 'CheckInPackage',
  permission: 'item.check_in',
  async run(deps, context, input) {
    const number = readPackageNumber(input.number);
    if (number === null) throw new ApplicationError('CHECKIN_PACKAGE_NUMBER_INVALID', { number: input.number.slice(0, 20) });
    const [found] = await deps.documents
      .collection<PackageDocument>(LOGISTICS_COLLECTIONS.packages)
      .find({ $and: [packageVisibility(context.principal), { number }] }, { limit: 1 });
    if (!found) throw new ApplicationError('CHECKIN_PACKAGE_NOT_FOUND', { number });
    if (NOT_SHIPPED.has(found.status)) throw new ApplicationError('CHECKIN_PACKAGE_NOT_SHIPPED', { number, status: found.status });
    const settings = await warehouseSettingsOf(deps.documents, context.principal, found.accountId);
    if (settings.checkInRequirement === 'disabled') throw new ApplicationError('WAREHOUSE_CHECKIN_DISABLED');

    // Each device its own check-in: no If-Match nor Idempotency-Key of the parcel's request on the devices' events.
    const { expectedRevision: _revision, idempotency: _key, ...perDevice } = context;
    const devices: PackageCheckInView['devices'] = [];
    let position: number | null = null;
    for (const packed of found.buybacks) {
      const base = { buybackId: packed.buybackId, identificationNumber: packed.identificationNumber, shortCode: shortCodeOf(packed.identificationNumber), product: packed.productLabel };
      try {
        const outcome = await checkInItem.run(deps, perDevice, { code: packed.identificationNumber });
        if (outcome.position !== null) position = Math.max(position ?? 0, outcome.position);
        devices.push({ ...base, itemId: outcome.itemId, result: 'checked_in', itemStatus: outcome.status, refusal: null });
      } catch (error) {
        if (!(error instanceof DomainError || error instanceof ApplicationError)) throw error;
        const item = await deps.documents.collection<ItemDocument>(WAREHOUSE_COLLECTIONS.items).get(itemIdOf(packed.buybackId));
        const status = (item?.status ?? null) as ItemStatus | null;
        const already = error.code === 'ITEM_CHECKIN_STATUS_INVALID' && status !== null && IN_WAREHOUSE_STATUSES.includes(status);
        devices.push({
          ...base,
          itemId: item?._id ?? null,
          result: already ? 'already_checked_in' : 'not_checked_in',
          itemStatus: status,
          refusal: already ? null : { code: error.code, status },
        });
      }
    }
    const count = (result: string) => devices.filter((device) => device.result === result).length;
    return {
      packageId: found._id,
      number: found.number,
      packageStatus: found.status,
      checkedIn: count('checked_in'),
      alreadyCheckedIn: count('already_checked_in'),
      missing: count('not_checked_in'),
      devices,
      position,
    };
  },
});
