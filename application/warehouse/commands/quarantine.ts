import type { QuarantineReason } from '../../../domain/warehouse/items/events.js';
import { defineCommand, type CommandContext } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import { isForgotten } from '../../ports/personal-data.js';
import type { MailDelivery } from '../../ports/mailer.js';
import { BUYBACKS_COLLECTION, type BuybackDocument } from '../../buybacks/read-models.js';
import { customerLocaleOf } from '../../buybacks/commands/customer-locale.js';
import type { WarehousePorts } from '../warehouse-ports.js';
import { WAREHOUSE_COLLECTIONS, type ItemDocument, type StockDocument } from '../read-models.js';
import { appendToItem, itemCommand, itemMetadata, itemOutcome, visibleItem, type ItemOutcome, type OnItem } from './item-command.js';

export interface QuarantineItemInput extends OnItem {
  reason: QuarantineReason;
  comment: string;
}

/**
 * A suspect device is held in its warehouse's quarantine stock, and its
 * customer is e-mailed why (the dispute e-mail); whether it left is recorded
 * on the item and shown, and it can be sent again.
 */
export const quarantineItem = defineCommand<WarehousePorts, QuarantineItemInput, ItemOutcome>({
  name: 'QuarantineItem',
  permission: 'item.quarantine',
  async run(deps, context, input) {
    const item = await visibleItem(deps, context.principal, input.itemId);
    const metadata = itemMetadata(deps, context, item);
    await appendToItem(deps, item._id, { type: 'QuarantineItem', data: { reason: input.reason, comment: input.comment } }, metadata, context.expectedRevision);
    return sendDisputeMail(deps, context, { ...item, quarantine: { reason: input.reason, comment: input.comment, since: metadata.occurredAt, by: null } });
  },
});

/** Sends the quarantined item's dispute e-mail to its customer again, and records whether it left. */
export const resendDisputeMail = defineCommand<WarehousePorts, OnItem, ItemOutcome>({
  name: 'SendDisputeMail',
  permission: 'item.send_quarantine_mail',
  async run(deps, context, input) {
    const item = await visibleItem(deps, context.principal, input.itemId);
    if (item.status !== 'item_in_quarantine' || item.quarantine === null) {
      throw new ApplicationError('ITEM_TRANSITION_NOT_ALLOWED', { status: item.status, command: 'SendDisputeMail' });
    }
    return sendDisputeMail(deps, context, item);
  },
});

async function sendDisputeMail(deps: WarehousePorts, context: CommandContext, item: ItemDocument): Promise<ItemOutcome> {
  const delivery = await disputeMail(deps, item);
  const result = await appendToItem(deps, item._id, { type: 'RecordDisputeMail', data: delivery }, itemMetadata(deps, context, item));
  return itemOutcome(item._id, result);
}

async function disputeMail(deps: WarehousePorts, item: ItemDocument): Promise<MailDelivery> {
  const buyback = await deps.documents.collection<BuybackDocument>(BUYBACKS_COLLECTION).get(item.buybackId);
  if (!buyback || isForgotten(buyback.customer)) return { delivered: false, failure: 'customer_forgotten' };
  const quarantine = item.quarantine as NonNullable<ItemDocument['quarantine']>;
  return deps.mailer.send({
    to: buyback.customer.email,
    template: 'itemDispute',
    locale: await customerLocaleOf(deps.documents, buyback),
    subjectId: buyback.customerSubjectId,
    params: {
      firstName: buyback.customer.firstName,
      product: item.product.label,
      code: item.identificationNumber,
      reason: { $text: `mail.itemDispute.reasons.${quarantine.reason}` },
      comment: quarantine.comment,
    },
  });
}

export interface ReleaseItemInput extends OnItem {
  /** The stock the item physically moves to. */
  stockId: string;
  comment?: string | null;
}

/** The quarantine is lifted: the item goes to be reintegrated, in the stock the operator moves it to. */
export const releaseItem = itemCommand<ReleaseItemInput>({
  name: 'ReleaseItem',
  permission: 'item.quarantine',
  async build({ stockId, comment }, item, deps) {
    await stockOfWarehouse(deps, item, stockId);
    return { type: 'ReleaseItem', data: { stockId, comment: comment?.trim() || null } };
  },
});

export interface MoveItemInput extends OnItem {
  stockId: string;
  reason: string;
}

/** The item is moved to another stock of its warehouse, for a reason its history keeps. */
export const moveItem = itemCommand<MoveItemInput>({
  name: 'MoveItem',
  permission: 'item.move',
  async build({ stockId, reason }, item, deps) {
    await stockOfWarehouse(deps, item, stockId);
    return { type: 'MoveItem', data: { stockId, reason: reason.trim() } };
  },
});

/** A stock of the item's warehouse, or STOCK_NOT_FOUND. */
async function stockOfWarehouse(deps: WarehousePorts, item: ItemDocument, stockId: string): Promise<StockDocument> {
  const stock = await deps.documents.collection<StockDocument>(WAREHOUSE_COLLECTIONS.stocks).get(stockId);
  if (!stock || stock.deletedAt || stock.warehouseId !== item.warehouseId) throw new ApplicationError('STOCK_NOT_FOUND', { stockId });
  return stock;
}
