import type { ItemCommand } from '../../../domain/warehouse/items/commands.js';
import type { ItemEvent } from '../../../domain/warehouse/items/events.js';
import { itemStatus, type ItemSnapshot } from '../../../domain/warehouse/items/machine.js';
import type { ItemStatus } from '../../../domain/warehouse/items/state.js';
import type { EventMetadata } from '../../ports/event-store.js';
import { handleCommand, type CommandResult } from '../../commands/command-handler.js';
import { defineCommand, type CommandContext, type CommandOutcome, type CommandSlice } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import { buybackVisibility, type Principal } from '../../organizations/principal.js';
import type { Permission } from '../../organizations/permissions.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import { itemDecider } from '../item-decider.js';
import { buybackCompanion } from '../buyback-item-pair.js';
import type { WarehousePorts } from '../warehouse-ports.js';
import { WAREHOUSE_COLLECTIONS, type ItemDocument } from '../read-models.js';
import { WAREHOUSE_STREAMS } from '../streams.js';

export type ItemOutcome = CommandOutcome<ItemStatus | null>;

/** A command on one existing item, identified by `itemId`. */
export interface OnItem {
  itemId: string;
}

/**
 * The items a principal may see: those of the stores, warehouse or buyer
 * they work for, in their tenant (the same scopes as buybacks: an item
 * carries its buyback's store, warehouse and buyer).
 */
export function itemVisibility(principal: Principal) {
  return buybackVisibility(principal);
}

export async function visibleItem(deps: Pick<WarehousePorts, 'documents'>, principal: Principal, itemId: string): Promise<ItemDocument> {
  const [item] = await deps.documents
    .collection<ItemDocument>(WAREHOUSE_COLLECTIONS.items)
    .find({ $and: [itemVisibility(principal), { _id: itemId }] }, { limit: 1 });
  if (!item) throw new ApplicationError('ITEM_NOT_FOUND', { itemId });
  return item;
}

/**
 * A command on one item the caller may see (another tenant's or warehouse's
 * item answers 404, as if it did not exist): `build` turns the input into the
 * domain command, with what it needs read beforehand.
 */
export function itemCommand<Input extends OnItem>(definition: {
  name: string;
  permission: Permission;
  build(input: Input, item: ItemDocument, deps: WarehousePorts, context: CommandContext): ItemCommand | Promise<ItemCommand>;
}): CommandSlice<WarehousePorts, Input, ItemOutcome> {
  return defineCommand({
    name: definition.name,
    permission: definition.permission,
    async run(deps, context, input) {
      const item = await visibleItem(deps, context.principal, input.itemId);
      const command = await definition.build(input, item, deps, context);
      const result = await appendToItem(deps, item, command, itemMetadata(deps, context, item), context.expectedRevision);
      return itemOutcome(item._id, result);
    },
  });
}

/** Who acted, for whom: the item's tenant, and the organization the caller works for (else the item's warehouse). */
export function itemMetadata(deps: Pick<WarehousePorts, 'clock'>, context: Pick<CommandContext, 'principal' | 'correlationId' | 'idempotency'>, item: ItemDocument): EventMetadata {
  return commandMetadata(deps, context, item.accountId, context.principal.organizationId ?? item.warehouseId);
}

/**
 * A command on an item, decided with its buyback's follow-up in one atomic
 * append (buyback-item-pair.ts): of an item command and a buyback command
 * racing on one device, exactly one is written.
 */
export function appendToItem(
  deps: Pick<WarehousePorts, 'eventStore' | 'ids' | 'linkSecrets'>,
  item: Pick<ItemDocument, '_id' | 'buybackId'>,
  command: ItemCommand,
  metadata: EventMetadata,
  expectedRevision?: number,
): Promise<CommandResult<ItemSnapshot, ItemEvent>> {
  return handleCommand(deps.eventStore, WAREHOUSE_STREAMS.item.name(item._id), itemDecider, command, {
    metadata,
    companions: item.buybackId ? [buybackCompanion(item.buybackId, deps.ids, deps.linkSecrets)] : [],
    ...(expectedRevision === undefined ? {} : { expectedRevision }),
    newEventId: () => deps.ids.uuid(),
  });
}

export function itemOutcome(id: string, result: { state: ItemSnapshot; revision: number; position: number | null }): ItemOutcome {
  return { id, status: itemStatus(result.state), revision: result.revision, position: result.position };
}
