/**
 * Given/When/Then factories of the item's commands; their defaults match the
 * event factories of test-support.ts (which re-exports these).
 */
import type { Money } from '../../shared/money.js';
import type { CheckDecision, CheckInRequirement, ComplianceFindings, ItemCommand } from './commands.js';
import type { ItemEvent, LostPlace, QuarantineReason } from './events.js';
import {
  byRule,
  CANCEL_COMMENT,
  CANCEL_REASON,
  created,
  DECLARED_PRICE,
  findings,
  ITEM_ID,
  LOSS_COMMENT,
  MOVE_REASON,
  PROPOSAL_REASON,
  PROPOSED_PRICE,
  QUARANTINE_COMMENT,
  RECEIVED_AT,
  RELEASE_COMMENT,
  RETURN_TRACKING_NUMBER,
  SHELF_A,
  STORE_ID,
  TO_APPROVE,
  TRACKING_NUMBER,
  WAREHOUSE_ID,
  type CreationOptions,
} from './test-support.js';


export function createItem(options: CreationOptions = {}): ItemCommand {
  const { shortCode: _shortCode, ...data } = created(options).data;
  return { type: 'CreateItem', data };
}

export function dropInStore(storeId = STORE_ID): ItemCommand {
  return { type: 'DropItemInStore', data: { storeId } };
}

export function ship(trackingNumber: string | null = TRACKING_NUMBER, packageId: string | null = null): ItemCommand {
  return { type: 'ShipItem', data: { trackingNumber, packageId } };
}

export function checkIn(warehouseId = WAREHOUSE_ID, at = RECEIVED_AT): ItemCommand {
  return { type: 'CheckInItem', data: { warehouseId, at } };
}

/** The operator confirms they hold a device its store never shipped. */
export function receiveFromStore(packageId: string | null = null, packageNumber: string | null = null, warehouseId = WAREHOUSE_ID, at = RECEIVED_AT): ItemCommand {
  return { type: 'ReceiveItemFromStore', data: { warehouseId, at, packageId, packageNumber } };
}

export interface CheckOptions {
  findings?: ComplianceFindings;
  decision?: CheckDecision;
  checkInRequirement?: CheckInRequirement;
  commentRequired?: boolean;
  warehouseId?: string;
  at?: string;
}

/** The check's end: by default the device as declared, by rule, check-in optional, no comment required. */
export function recordCheck(options: CheckOptions = {}): ItemCommand {
  return {
    type: 'RecordComplianceCheck',
    data: {
      warehouseId: options.warehouseId ?? WAREHOUSE_ID,
      findings: options.findings ?? findings(),
      decision: options.decision ?? byRule(),
      checkInRequirement: options.checkInRequirement ?? 'optional',
      commentRequired: options.commentRequired ?? false,
      at: options.at ?? RECEIVED_AT,
    },
  };
}

export function completeItem(
  completion: 'by_price' | 'with_absorption' | 'without_control' = 'by_price',
  validatedPrice: Money = DECLARED_PRICE,
  absorbedAmount: Money | null = null,
): ItemCommand {
  return { type: 'CompleteItem', data: { completion, validatedPrice, absorbedAmount } };
}

export function recordPriceProposal(
  options: { proposedPrice?: Money; reason?: string; sharedComment?: string | null } = {},
): ItemCommand {
  return {
    type: 'RecordPriceProposal',
    data: { proposedPrice: options.proposedPrice ?? PROPOSED_PRICE, reason: options.reason ?? PROPOSAL_REASON, sharedComment: options.sharedComment ?? null },
  };
}

export function acceptItemPrice(validatedPrice: Money = PROPOSED_PRICE): ItemCommand {
  return { type: 'AcceptItemPrice', data: { validatedPrice } };
}

export function rejectItemPrice(): ItemCommand {
  return { type: 'RejectItemPrice', data: {} };
}

export function returnItem(trackingNumber: string | null = RETURN_TRACKING_NUMBER, comment: string | null = null): ItemCommand {
  return { type: 'ReturnItem', data: { trackingNumber, comment } };
}

export function cancelItem(reason = CANCEL_REASON, comment: string | null = CANCEL_COMMENT): ItemCommand {
  return { type: 'CancelItem', data: { reason, comment } };
}

export function quarantineItem(reason: QuarantineReason = 'account_lock_active', comment = QUARANTINE_COMMENT): ItemCommand {
  return { type: 'QuarantineItem', data: { reason, comment } };
}

export function recordDisputeMail(delivered = true, failure: string | null = null): ItemCommand {
  return { type: 'RecordDisputeMail', data: { delivered, failure } };
}

/** Back into the to-approve stock by default. */
export function releaseItem(stockId = TO_APPROVE, comment: string | null = RELEASE_COMMENT): ItemCommand {
  return { type: 'ReleaseItem', data: { stockId, comment } };
}

export function declareLost(place: LostPlace, comment = LOSS_COMMENT): ItemCommand {
  return { type: 'DeclareItemLost', data: { place, comment } };
}

/** Onto shelf A by default: a stock no history below puts the item in. */
export function moveItem(stockId = SHELF_A, reason = MOVE_REASON): ItemCommand {
  return { type: 'MoveItem', data: { stockId, reason } };
}

export function startRefurbDiagnostic(): ItemCommand {
  return { type: 'StartRefurbDiagnostic', data: {} };
}

export function startRefurb(stockId?: string): ItemCommand {
  return { type: 'StartRefurb', data: stockId === undefined ? {} : { stockId } };
}

export function completeRefurb(): ItemCommand {
  return { type: 'CompleteRefurb', data: {} };
}

/** The price its buyback's corrected answers give: 70.00 EUR. */
export const CORRECTED_PRICE: Money = { amountInCents: 7_000, currency: 'EUR' };

export function correctPurchasePrice(purchasePrice: Money = CORRECTED_PRICE): ItemCommand {
  return { type: 'CorrectItemPurchasePrice', data: { purchasePrice } };
}

export function purchasePriceCorrected(purchasePrice: Money = CORRECTED_PRICE, previousPrice: Money = DECLARED_PRICE): ItemEvent {
  return { type: 'ItemPurchasePriceCorrected', data: { itemId: ITEM_ID, purchasePrice, previousPrice } };
}
