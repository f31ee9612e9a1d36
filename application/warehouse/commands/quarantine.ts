import type { QuarantineReason } from '../../../domain/warehouse/items/events.js';
import { defineCommand } from '../../commands/command-slice.js';
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
 * A suspect device is held in its warehouse's quarantine stock; its customer
 * is e-mailed why (the dispute e-mail, sent by a process manager that reacts
 * to every quarantine), whether it left is recorded on the item, and it can
 * be sent again.
 */
export const quarantineItem = itemCommand<QuarantineItemInput>({
  name: 'QuarantineItem',
  permission: 'item.quarantine',
  build: ({ reason, comment }) => ({ type: 'QuarantineItem', data: { reason, comment: comment.trim() } }),
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
    const delivery = await disputeMail(deps, {
      buybackId: item.buybackId,
      product: item.product.label,
      identificationNumber: item.identificationNumber,
      reason: item.quarantine.reason,
      comment: item.quarantine.comment,
      ...(context.idempotency ? { deduplicationKey: context.idempotency.key } : {}),
    });
    const result = await appendToItem(deps, item, { type: 'RecordDisputeMail', data: delivery }, itemMetadata(deps, context, item), context.expectedRevision);
    return itemOutcome(item._id, result);
  },
});

/** The dispute e-mail, in the customer's language: the device, its code, why it is held. A forgotten customer gets none. */
export async function disputeMail(
  deps: Pick<WarehousePorts, 'documents' | 'mailer'>,
  about: { buybackId: string; product: string; identificationNumber: string; reason: QuarantineReason; comment: string; deduplicationKey?: string },
): Promise<MailDelivery> {
  const buyback = await deps.documents.collection<BuybackDocument>(BUYBACKS_COLLECTION).get(about.buybackId);
  if (!buyback || isForgotten(buyback.customer)) return { delivered: false, failure: 'customer_forgotten' };
  return deps.mailer.send({
    to: buyback.customer.email,
    template: 'itemDispute',
    locale: await customerLocaleOf(deps.documents, buyback),
    subjectId: buyback.customerSubjectId,
    ...(about.deduplicationKey ? { deduplicationKey: about.deduplicationKey } : {}),
    params: {
      firstName: buyback.customer.firstName,
      product: about.product,
      code: about.identificationNumber,
      reason: { $text: `mail.itemDispute.reasons.${about.reason}` },
      comment: about.comment,
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
