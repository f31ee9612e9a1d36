import type { BuybackCommand } from '../../../domain/buybacks/commands.js';
import type { PackageCommand } from '../../../domain/logistics/packages/commands.js';
import { DomainError } from '../../../domain/shared/domain-error.js';
import type { ItemCommand } from '../../../domain/warehouse/items/commands.js';
import type { ItemSnapshot } from '../../../domain/warehouse/items/machine.js';
import { buybackDecider } from '../../buybacks/buyback-decider.js';
import { BUYBACK_STREAMS } from '../../buybacks/streams.js';
import { foldStream } from '../../commands/command-handler.js';
import { defineCommand, type CommandContext } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import { handleTogether, onStream } from '../../commands/handle-together.js';
import { packageDecider } from '../../logistics/deciders.js';
import { LOGISTICS_STREAMS } from '../../logistics/streams.js';
import type { ItemDocument } from '../read-models.js';
import type { WarehousePorts } from '../warehouse-ports.js';
import { itemByCode } from '../queries/item-lookup.js';
import { warehouseSettingsOf } from '../settings.js';
import { WAREHOUSE_STREAMS } from '../streams.js';
import { itemDecider } from '../item-decider.js';
import { appendToItem, itemMetadata, itemOutcome, type ItemOutcome } from './item-command.js';

export interface CheckInItemInput {
  /** A buyback code (13 digits) or an item code (8 or 13 characters), typed or scanned. */
  code: string;
  /**
   * The operator confirms they physically hold a device its store never
   * shipped (ITEM_STILL_IN_STORE): it is received from the store, out of the
   * package it waited in, never as a shipment. Ignored for a device that
   * travelled.
   */
  reconcile?: boolean;
}

/**
 * The operator scans a parcel that arrived: the item is registered in the
 * warehouse (its to-approve stock), and its buyback follows (in processing).
 * Refused when the retailer's check-in is disabled (provider staff count as
 * disabled), for a code that names nothing of this warehouse, or several
 * items, and for an item whose status is not one to register. A device its
 * store never shipped is refused with ITEM_STILL_IN_STORE (naming the
 * store's package it is in); with `reconcile`, it is received from its store:
 * the item, its buyback and that package decided together, in one append.
 */
export const checkInItem = defineCommand<WarehousePorts, CheckInItemInput, ItemOutcome & { itemId: string }>({
  name: 'CheckInItem',
  permission: 'item.check_in',
  async run(deps, context, { code, reconcile = false }) {
    const { principal } = context;
    const item = await itemByCode(deps.documents, principal, code);
    const settings = await warehouseSettingsOf(deps.documents, principal, item.accountId);
    if (settings.checkInRequirement === 'disabled') throw new ApplicationError('WAREHOUSE_CHECKIN_DISABLED');
    const warehouseId = principal.module === 'rps' && principal.organizationId ? principal.organizationId : item.warehouseId;
    try {
      const result = await appendToItem(deps, item, { type: 'CheckInItem', data: { warehouseId, at: deps.clock.now() } }, itemMetadata(deps, context, item), context.expectedRevision);
      return { ...itemOutcome(item._id, result), itemId: item._id };
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'ITEM_STILL_IN_STORE') throw error;
      const inPackage = await packageOf(deps, item.buybackId);
      if (!reconcile) throw new DomainError('ITEM_STILL_IN_STORE', { ...error.details, packageId: inPackage?.packageId ?? null, packageNumber: inPackage?.number ?? null });
      return receiveFromStore(deps, context, item, warehouseId, inPackage);
    }
  },
});

/** The store's package its buyback waits in, as the buyback's stream says (null: none). */
async function packageOf(deps: Pick<WarehousePorts, 'eventStore'>, buybackId: string): Promise<{ packageId: string; number: string } | null> {
  return foldStream(buybackDecider, await deps.eventStore.readStream(BUYBACK_STREAMS.buyback.name(buybackId))).context.package;
}

/**
 * The reconciliation: the item received from its store, its buyback too, and
 * the package it was in gives it up, decided on the three streams at the
 * revisions read and appended at once (a package closing meanwhile, or the
 * device packed elsewhere, and this decides again or is refused).
 */
async function receiveFromStore(
  deps: WarehousePorts,
  context: CommandContext,
  item: ItemDocument,
  warehouseId: string,
  inPackage: { packageId: string; number: string } | null,
): Promise<ItemOutcome & { itemId: string }> {
  const at = deps.clock.now();
  const [result] = await handleTogether(
    deps.eventStore,
    [
      onStream(WAREHOUSE_STREAMS.item.name(item._id), itemDecider, {
        type: 'ReceiveItemFromStore',
        data: { warehouseId, at, packageId: inPackage?.packageId ?? null, packageNumber: inPackage?.number ?? null },
      } satisfies ItemCommand),
      onStream(BUYBACK_STREAMS.buyback.name(item.buybackId), buybackDecider, {
        type: 'ReceiveBuybackFromStore',
        data: { warehouseId, packageId: inPackage?.packageId ?? null },
      } satisfies BuybackCommand),
      ...(inPackage
        ? [
            onStream(LOGISTICS_STREAMS.package.name(inPackage.packageId), packageDecider, {
              type: 'GiveUpBuybackReceivedAtWarehouse',
              data: { buybackId: item.buybackId, warehouseId },
            } satisfies PackageCommand),
          ]
        : []),
    ],
    {
      metadata: itemMetadata(deps, context, item),
      newEventId: () => deps.ids.uuid(),
      ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
    },
  );
  return { ...itemOutcome(item._id, result as { state: ItemSnapshot; revision: number; position: number | null }), itemId: item._id };
}
