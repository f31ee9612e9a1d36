import type { BuybackCommand } from '../buybacks/commands.js';
import type { BuybackEvent, BuybackRegistered } from '../buybacks/events.js';
import { COMPLETED_STATUSES, type BuybackStatus } from '../buybacks/state.js';
import { derivedId } from '../shared/derived-id.js';
import type { ItemCommand } from './items/commands.js';
import type { ItemAwaiting, ItemEvent } from './items/events.js';
import type { ItemCompletion, ItemStatus } from './items/state.js';

/**
 * A buyback and its item move together (specification 001): shipping,
 * check-in, the check's outcome, the customer's answer, cancellation and loss
 * change both. Each such fact is recorded on one of them by the command that
 * learns it (the buyback's commands, the item's), and the other follows: a
 * process manager reads every event, asks `itemFollowing` or
 * `buybackFollowing` what the other must do, and sends it (see
 * docs/specification-readings.md). These functions are that correspondence,
 * pure; the process manager adds reading, appending and its checkpoint.
 *
 * A follow-up that the other's machine refuses is harmless when the two
 * already agree (`agree`): the other side learnt it first, or it was the
 * follow-up of this very event. Otherwise the two have drifted (two people
 * acted at once on both sides): the process manager reports it.
 */

/** The item of a buyback: its id follows from the buyback's, so creating it twice names the same stream. */
export function itemIdOf(buybackId: string): string {
  return derivedId(`item:${buybackId}`);
}

/** What a new item waits for, from its buyback's channel and circuit. */
export function itemAwaitingOf(registration: BuybackRegistered['data']): ItemAwaiting {
  if (registration.channel === 'store') return 'store_shipment';
  return registration.circuit.deposit === 'drop' ? 'store_drop' : 'customer_shipment';
}

/** What the item must do after this buyback event, or null when nothing. `at`: when the event happened. */
export function itemFollowing(event: BuybackEvent, at: string): ItemCommand | null {
  switch (event.type) {
    case 'BuybackRegistered': {
      const d = event.data;
      return {
        type: 'CreateItem',
        data: {
          itemId: itemIdOf(d.buybackId),
          buybackId: d.buybackId,
          identificationNumber: d.identificationNumber,
          awaiting: itemAwaitingOf(d),
          storeId: d.storeId,
          warehouseId: d.warehouseId,
          buyerId: d.buyerId,
          product: d.product,
          imei: d.imei,
          purchasePrice: d.declaredPrice,
        },
      };
    }
    case 'BuybackFinalizedInStore':
      return { type: 'DropItemInStore', data: { storeId: event.data.storeId } };
    case 'BuybackShipped':
      return { type: 'ShipItem', data: { trackingNumber: event.data.trackingNumber, packageId: null } };
    case 'BuybackCheckedIn':
      return { type: 'CheckInItem', data: { warehouseId: event.data.warehouseId, at } };
    case 'BuybackCompletedByPrice':
      return { type: 'CompleteItem', data: { completion: 'by_price', validatedPrice: event.data.validatedPrice, absorbedAmount: null } };
    case 'BuybackCompletedWithAbsorption':
      return {
        type: 'CompleteItem',
        data: { completion: 'with_absorption', validatedPrice: event.data.validatedPrice, absorbedAmount: event.data.absorbedAmount },
      };
    case 'BuybackCompleted':
      return { type: 'CompleteItem', data: { completion: 'without_control', validatedPrice: event.data.validatedPrice, absorbedAmount: null } };
    case 'BuybackNewPriceProposed':
      return {
        type: 'RecordPriceProposal',
        data: { proposedPrice: event.data.proposedPrice, reason: event.data.reason, sharedComment: event.data.comment },
      };
    case 'BuybackNewPriceAccepted':
      return { type: 'AcceptItemPrice', data: { validatedPrice: event.data.validatedPrice } };
    case 'BuybackNewPriceRejected':
      return { type: 'RejectItemPrice', data: {} };
    case 'BuybackCancelled':
      return { type: 'CancelItem', data: { reason: event.data.reason, comment: event.data.comment || null } };
    case 'BuybackReceivedFromStore': {
      // Received from its store without a shipment (a reconciliation): the item is received the same way, never shipped.
      const { warehouseId, packageId, packageNumber } = event.data;
      return { type: 'ReceiveItemFromStore', data: { warehouseId, at, packageId, packageNumber } };
    }
    case 'BuybackEdited': {
      // A corrected customer is the buyback's alone; corrected answers change the price the item expects to be paid.
      const declaration = event.data.declaration;
      return declaration ? { type: 'CorrectItemPurchasePrice', data: { purchasePrice: declaration.declaredPrice } } : null;
    }
    case 'BuybackCompletedAfterLoss':
    case 'BuybackPutOnHold':
    case 'BuybackHoldLifted':
      // The item's loss, its quarantine and its release are what these follow.
      return null;
    case 'BuybackPacked':
    case 'BuybackUnpacked':
    case 'BuybackShipmentTracked':
    case 'BuybackDeliveryStatusChanged':
      // The parcel's facts: the item moves when the buyback ships (its package's close) and is checked in.
      return null;
    default: {
      const unknown: never = event;
      throw new Error(`Unknown event ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * What the buyback must do after this item event, or null when nothing.
 * `decisionTokenHash`: the hash of the secret of the customer's link, for a
 * price proposal (the application derives the secret from the event).
 */
export function buybackFollowing(event: ItemEvent, decisionTokenHash: () => string): Exclude<BuybackCommand, { type: 'RegisterBuyback' }> | null {
  switch (event.type) {
    case 'ItemShipped':
      // A parcel received at the warehouse before anyone scanned it out: the customer sent it (for a pre-declaration, straight to the warehouse).
      return { type: 'ShipBuyback', data: { trackingNumber: event.data.trackingNumber, trackingLink: null, direct: event.data.implicit } };
    case 'ItemRegisteredInWarehouse':
      return { type: 'CheckInBuyback', data: { warehouseId: event.data.warehouseId } };
    case 'ItemReceivedFromStore':
      // The reconciliation decides the buyback (and the package it leaves) in the same append: this finds it done.
      return { type: 'ReceiveBuybackFromStore', data: { warehouseId: event.data.warehouseId, packageId: event.data.packageId } };
    case 'ItemCompletedByPrice':
      return {
        type: 'CompleteBuybackByPrice',
        data: { controlledPrice: event.data.check?.controlledPrice ?? null, comment: sharedComment(event.data.check) },
      };
    case 'ItemCompletedWithAbsorption': {
      const check = event.data.check;
      if (check === null) return null;
      return { type: 'AbsorbPriceDeviation', data: { controlledPrice: check.controlledPrice, rule: check.absorption.rule, comment: sharedComment(check) } };
    }
    case 'ItemNewPriceProposed':
      return {
        type: 'ProposeNewPrice',
        data: {
          proposedPrice: event.data.proposedPrice,
          ...(event.data.check ? { controlledPrice: event.data.check.controlledPrice } : {}),
          reason: event.data.reason,
          comment: event.data.sharedComment,
          decisionTokenHash: decisionTokenHash(),
        },
      };
    case 'ItemLost':
      return { type: 'CompleteBuybackAfterLoss', data: { place: event.data.place } };
    case 'ItemQuarantined':
      return { type: 'PutBuybackOnHold', data: { reason: event.data.reason } };
    case 'ItemReleasedFromQuarantine':
      return { type: 'LiftBuybackHold', data: {} };
    case 'ItemCreated':
    case 'ItemDroppedInStore':
    case 'ItemCompletedWithoutControl':
    case 'ItemCompletedWithNegotiation':
    case 'ItemReturnRequested':
    case 'ItemReturned':
    case 'ItemCancelled':
    case 'ItemReceivedAfterCancellation':
    case 'ItemDisputeMailSent':
    case 'ItemMovedToStock':
    case 'ItemRefurbDiagnosticStarted':
    case 'ItemRefurbStarted':
    case 'ItemRefurbCompleted':
    case 'ItemPurchasePriceCorrected':
      return null;
    default: {
      const unknown: never = event;
      throw new Error(`Unknown event ${JSON.stringify(unknown)}`);
    }
  }
}

function sharedComment(check: { comment: string | null; commentShared: boolean } | null): string | null {
  return check?.commentShared ? check.comment : null;
}

/** The buyback states (status, or `bb_in_processing.<sub-state>`) an item in each status agrees with. */
const AGREEING: Readonly<Record<ItemStatus, readonly string[]>> = {
  item_created: ['bb_awaiting_inventory'],
  item_awaiting_store_drop: ['bb_awaiting_store_drop'],
  item_awaiting_inventory: ['bb_awaiting_inventory'],
  item_in_transit: ['bb_in_transit'],
  item_registered_in_warehouse: ['bb_in_processing.checking'],
  item_in_quarantine: ['bb_in_processing.on_hold'],
  item_to_reintegrate_to_stock: ['bb_in_processing.checking'],
  item_awaiting_compliancy_tests: ['bb_in_processing.awaiting_customer_decision'],
  item_completed: COMPLETED_STATUSES,
  item_refurb_diagnostic_in_progress: COMPLETED_STATUSES,
  item_refurb_in_progress: COMPLETED_STATUSES,
  item_refurb_completed: COMPLETED_STATUSES,
  item_to_return: ['bb_not_completed'],
  item_returned: ['bb_not_completed', 'bb_cancelled'],
  item_cancelled: ['bb_cancelled'],
  // Lost before its buyback was completed: the loss completed it.
  item_lost_store: ['bb_completed'],
  item_lost_transport: ['bb_completed'],
  // Lost in the warehouse: after the check too, or while it was to go back to its customer.
  item_lost_warehouse: [...COMPLETED_STATUSES, 'bb_not_completed', 'bb_cancelled'],
};

/** The buyback status each completion of an item pairs with. */
const COMPLETION_OF: Readonly<Record<ItemCompletion, BuybackStatus>> = {
  by_price: 'bb_completed_by_price',
  with_absorption: 'bb_completed_with_absorption',
  with_negociation: 'bb_completed_with_negociation',
  without_control: 'bb_completed',
};

/**
 * Whether a buyback in this machine state (`bb_in_processing.checking`) and
 * its item in this status (and, once completed, this completion) say the
 * same thing. A missing item agrees with no buyback: every buyback has one.
 */
export function agree(itemStatus: ItemStatus | null, buybackStatePath: string | null, completion: ItemCompletion | null = null): boolean {
  if (itemStatus === null || buybackStatePath === null) return itemStatus === null && buybackStatePath === null;
  const status = buybackStatePath.split('.')[0] as BuybackStatus;
  if (completion !== null && COMPLETED_ITEM_STATUSES.includes(itemStatus)) return status === COMPLETION_OF[completion];
  return AGREEING[itemStatus].some((state) => state === buybackStatePath || state === status);
}

const COMPLETED_ITEM_STATUSES: readonly ItemStatus[] = ['item_completed', 'item_refurb_diagnostic_in_progress', 'item_refurb_in_progress', 'item_refurb_completed'];
