import { DomainError } from '../../shared/domain-error.js';
import type { Money } from '../../shared/money.js';
import { nativeStockId, type NativeStockKind } from '../stocks/native-stocks.js';
import { priceSummary } from '../compliance.js';
import type { CheckInRequirement, ComplianceFindings, ItemCommand } from './commands.js';
import type { ComplianceCheckResult, ItemEvent, StockChange } from './events.js';
import { evolveItem, itemStatus, type ItemSnapshot } from './machine.js';
import { CHECKABLE_STATUSES, type ItemStatus } from './state.js';

/**
 * Turns a command and the item's state into events, or refuses with a
 * DomainError whose code the API returns as is. Pure: the state comes from
 * the stored events, time and ids with the command. Every event is asked of
 * the machine (`snapshot.can`) before it is emitted.
 */
export function decide(command: ItemCommand, state: ItemSnapshot): ItemEvent[] {
  if (command.type === 'CreateItem') {
    if (state.context.itemId !== null) throw new DomainError('ITEM_ALREADY_EXISTS', { itemId: state.context.itemId });
    const d = command.data;
    return [
      {
        type: 'ItemCreated',
        data: {
          itemId: d.itemId,
          buybackId: d.buybackId,
          identificationNumber: d.identificationNumber,
          shortCode: shortCodeOf(d.identificationNumber),
          awaiting: d.awaiting,
          storeId: d.storeId,
          warehouseId: d.warehouseId,
          buyerId: d.buyerId,
          product: d.product,
          imei: d.imei,
          purchasePrice: d.purchasePrice,
        },
      },
    ];
  }

  const ctx = state.context;
  const itemId = ctx.itemId;
  if (itemId === null) throw new DomainError('ITEM_NOT_FOUND');
  const status = itemStatus(state) as ItemStatus;
  const run = new Emission(state, command.type);

  switch (command.type) {
    case 'CorrectItemPurchasePrice': {
      const previousPrice = purchasePrice(state);
      if (previousPrice.amountInCents === command.data.purchasePrice.amountInCents) return [];
      return run.emit({ type: 'ItemPurchasePriceCorrected', data: { itemId, purchasePrice: command.data.purchasePrice, previousPrice } }).events;
    }
    case 'DropItemInStore':
      return run.emit({ type: 'ItemDroppedInStore', data: { itemId, storeId: command.data.storeId } }).events;
    case 'ShipItem':
      return run.emit({ type: 'ItemShipped', data: { itemId, ...command.data, implicit: false } }).events;
    case 'CheckInItem': {
      ensureWarehouse(state, command.data.warehouseId);
      if (status === 'item_cancelled' && ctx.stockId === null) {
        const warehouseId = command.data.warehouseId;
        const stock = { fromStockId: null, toStockId: nativeStockId(warehouseId, 'customer_return'), receivedAt: command.data.at };
        return run.emit({ type: 'ItemReceivedAfterCancellation', data: { itemId, warehouseId, stock } }).events;
      }
      if (!RECEIVABLE.includes(status)) {
        throw new DomainError('ITEM_CHECKIN_STATUS_INVALID', { status, itemId, identificationNumber: ctx.identificationNumber });
      }
      return receive(run, state, command.data.at).events;
    }
    case 'ReceiveItemFromStore': {
      const { warehouseId, at, packageId, packageNumber } = command.data;
      ensureWarehouse(state, warehouseId);
      const stock = { fromStockId: null, toStockId: nativeStockId(warehouseId, 'to_approve'), receivedAt: at };
      return run.emit({ type: 'ItemReceivedFromStore', data: { itemId, warehouseId, storeId: ctx.storeId, packageId, packageNumber, stock } }).events;
    }
    case 'RecordComplianceCheck': {
      const { findings, decision, checkInRequirement, commentRequired, at } = command.data;
      ensureWarehouse(state, command.data.warehouseId);
      ensureCheckable(status, checkInRequirement);
      if (commentRequired && !findings.comment?.trim()) throw new DomainError('WAREHOUSE_COMMENT_REQUIRED');
      if (RECEIVABLE.includes(status)) receive(run, state, at);
      const check = checkResult(state, findings);
      if (decision.kind === 'quarantine') {
        return run.emit({
          type: 'ItemQuarantined',
          data: { itemId, reason: decision.reason, comment: decision.comment, check, stock: run.moveTo('in_quarantine') },
        }).events;
      }
      const outcome = priceSummary(check.declaredPrice, check.controlledPrice, findings.absorptionRule).outcome;
      switch (outcome.kind) {
        case 'completed_by_price':
          return run.emit({
            type: 'ItemCompletedByPrice',
            data: { itemId, check, validatedPrice: outcome.validatedPrice, stock: run.moveTo('to_refurbish') },
          }).events;
        case 'completed_with_absorption':
          return run.emit({
            type: 'ItemCompletedWithAbsorption',
            data: { itemId, check, absorbedAmount: outcome.absorbedAmount, validatedPrice: outcome.validatedPrice, stock: run.moveTo('to_refurbish') },
          }).events;
        case 'price_proposal': {
          const reason = decision.proposalReason?.trim();
          if (!reason) throw new DomainError('COMPLIANCE_PROPOSAL_REASON_REQUIRED');
          return run.emit({
            type: 'ItemNewPriceProposed',
            data: {
              itemId,
              check,
              previousPrice: check.declaredPrice,
              proposedPrice: outcome.proposedPrice,
              reason,
              sharedComment: check.commentShared ? check.comment : null,
            },
          }).events;
        }
        default: {
          const unknown: never = outcome;
          throw new Error(`Unknown outcome ${JSON.stringify(unknown)}`);
        }
      }
    }
    case 'CompleteItem': {
      const { completion, validatedPrice, absorbedAmount } = command.data;
      const stock = run.moveTo('to_refurbish');
      if (completion === 'by_price') return run.emit({ type: 'ItemCompletedByPrice', data: { itemId, check: null, validatedPrice, stock } }).events;
      if (completion === 'with_absorption') {
        return run.emit({
          type: 'ItemCompletedWithAbsorption',
          data: { itemId, check: null, absorbedAmount: absorbedAmount ?? zero(validatedPrice), validatedPrice, stock },
        }).events;
      }
      return run.emit({ type: 'ItemCompletedWithoutControl', data: { itemId, validatedPrice, stock } }).events;
    }
    case 'RecordPriceProposal':
      return run.emit({
        type: 'ItemNewPriceProposed',
        data: {
          itemId,
          check: null,
          previousPrice: purchasePrice(state),
          proposedPrice: command.data.proposedPrice,
          reason: command.data.reason,
          sharedComment: command.data.sharedComment,
        },
      }).events;
    case 'AcceptItemPrice':
      return run.emit({
        type: 'ItemCompletedWithNegotiation',
        data: { itemId, validatedPrice: command.data.validatedPrice, stock: run.moveTo('to_refurbish') },
      }).events;
    case 'RejectItemPrice':
      return run.emit({ type: 'ItemReturnRequested', data: { itemId, stock: run.moveTo('customer_return') } }).events;
    case 'ReturnItem':
      return run.emit({ type: 'ItemReturned', data: { itemId, ...command.data, stock: run.leaveWarehouse() } }).events;
    case 'CancelItem':
      return run.emit({
        type: 'ItemCancelled',
        data: { itemId, ...command.data, stock: ctx.stockId === null ? run.stay() : run.moveTo('customer_return') },
      }).events;
    case 'QuarantineItem':
      return run.emit({
        type: 'ItemQuarantined',
        data: { itemId, reason: command.data.reason, comment: command.data.comment, check: null, stock: run.moveTo('in_quarantine') },
      }).events;
    case 'RecordDisputeMail':
      return run.emit({ type: 'ItemDisputeMailSent', data: { itemId, ...command.data } }).events;
    case 'ReleaseItem': {
      const stock = run.moveToStock(command.data.stockId);
      return run.emit({ type: 'ItemReleasedFromQuarantine', data: { itemId, comment: command.data.comment, stock } }).events;
    }
    case 'DeclareItemLost': {
      const { place, comment } = command.data;
      const event: ItemEvent = { type: 'ItemLost', data: { itemId, place, comment, stock: run.leaveWarehouse() } };
      if (!state.can(event)) {
        if (status === 'item_cancelled') throw new DomainError('ITEM_CANCELLED');
        throw new DomainError('ITEM_LOST_PLACE_NOT_ALLOWED', { status, place });
      }
      return run.emit(event).events;
    }
    case 'MoveItem': {
      if (command.data.stockId === ctx.stockId) throw new DomainError('ITEM_ALREADY_IN_STOCK', { stockId: ctx.stockId });
      const stock = run.moveToStock(command.data.stockId);
      return run.emit({ type: 'ItemMovedToStock', data: { itemId, reason: command.data.reason, stock } }).events;
    }
    case 'StartRefurbDiagnostic':
      return run.emit({ type: 'ItemRefurbDiagnosticStarted', data: { itemId } }).events;
    case 'StartRefurb': {
      const chosen = command.data.stockId;
      const stock = chosen === undefined || chosen === ctx.stockId ? run.stay() : run.moveToStock(chosen);
      return run.emit({ type: 'ItemRefurbStarted', data: { itemId, stock } }).events;
    }
    case 'CompleteRefurb':
      return run.emit({ type: 'ItemRefurbCompleted', data: { itemId, stock: run.moveTo('refurb_completed') } }).events;
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

/** The 8-character item code: the last 8 digits of the 13-digit code (it may name several items; lookups say so). */
export function shortCodeOf(identificationNumber: string): string {
  return identificationNumber.slice(-8);
}

/**
 * Statuses in which a parcel arriving at the warehouse is received (an item
 * not scanned out counts as shipped by its customer), but a device still
 * awaiting its store's shipment, which the machine keeps from travelling
 * unscanned (ITEM_STILL_IN_STORE).
 */
const RECEIVABLE: readonly ItemStatus[] = ['item_created', 'item_awaiting_store_drop', 'item_awaiting_inventory', 'item_in_transit'];

/** Statuses whose check is already done (the specification's "diagnosis already done"). */
const CHECK_DONE: readonly ItemStatus[] = [
  'item_awaiting_compliancy_tests',
  'item_completed',
  'item_refurb_diagnostic_in_progress',
  'item_refurb_in_progress',
  'item_refurb_completed',
  'item_to_return',
  'item_returned',
];

/**
 * Why the compliance check of an item in this status cannot start (the
 * specification's "not yet registered", "diagnosis already done", "wrong
 * status", "not eligible"), or null when it can: the screens say it before
 * the operator answers any question.
 */
export function complianceCheckRefusal(
  status: ItemStatus,
  requirement: CheckInRequirement,
): 'ITEM_NOT_CHECKED_IN' | 'ITEM_CHECK_ALREADY_DONE' | 'ITEM_CHECK_WRONG_STATUS' | 'ITEM_NOT_ELIGIBLE_FOR_CHECK' | null {
  if (CHECKABLE_STATUSES.includes(status)) return null;
  // Still in its store: the check-in says so and offers the reconciliation; the check does not receive it as a parcel.
  if (status === 'item_awaiting_inventory') return 'ITEM_NOT_CHECKED_IN';
  if (RECEIVABLE.includes(status)) return requirement === 'mandatory' ? 'ITEM_NOT_CHECKED_IN' : null;
  if (CHECK_DONE.includes(status)) return 'ITEM_CHECK_ALREADY_DONE';
  if (status === 'item_in_quarantine') return 'ITEM_CHECK_WRONG_STATUS';
  return 'ITEM_NOT_ELIGIBLE_FOR_CHECK';
}

function ensureCheckable(status: ItemStatus, requirement: CheckInRequirement): void {
  const refusal = complianceCheckRefusal(status, requirement);
  if (refusal === 'ITEM_NOT_CHECKED_IN') throw new DomainError('ITEM_NOT_CHECKED_IN', { status });
  if (refusal === 'ITEM_CHECK_ALREADY_DONE') throw new DomainError('ITEM_CHECK_ALREADY_DONE', { status });
  if (refusal === 'ITEM_CHECK_WRONG_STATUS') throw new DomainError('ITEM_CHECK_WRONG_STATUS', { status });
  if (refusal === 'ITEM_NOT_ELIGIBLE_FOR_CHECK') throw new DomainError('ITEM_NOT_ELIGIBLE_FOR_CHECK', { status });
}

function ensureWarehouse(state: ItemSnapshot, warehouseId: string): void {
  if (state.context.warehouseId !== warehouseId) {
    throw new DomainError('ITEM_NOT_ASSIGNED_TO_WAREHOUSE', { warehouseId, itemWarehouseId: state.context.warehouseId });
  }
}

/** The parcel is at the warehouse: shipped (by its customer, when nobody scanned it out), then registered in the to-approve stock. */
function receive(run: Emission, state: ItemSnapshot, at: string): Emission {
  const itemId = state.context.itemId as string;
  if (itemStatus(run.state) !== 'item_in_transit') {
    const shipped: ItemEvent = { type: 'ItemShipped', data: { itemId, trackingNumber: null, packageId: null, implicit: true } };
    // A device its store never shipped did not travel: the warehouse is told why, and may reconcile (ReceiveItemFromStore).
    if (!run.state.can(shipped) && itemStatus(run.state) === 'item_awaiting_inventory') {
      throw new DomainError('ITEM_STILL_IN_STORE', { itemId, identificationNumber: state.context.identificationNumber, storeId: state.context.storeId });
    }
    run.emit(shipped);
  }
  const warehouseId = state.context.warehouseId as string;
  return run.emit({
    type: 'ItemRegisteredInWarehouse',
    data: { itemId, warehouseId, stock: { fromStockId: null, toStockId: nativeStockId(warehouseId, 'to_approve'), receivedAt: at } },
  });
}

function checkResult(state: ItemSnapshot, findings: ComplianceFindings): ComplianceCheckResult {
  const declaredPrice = purchasePrice(state);
  const { absorptionRule, ...found } = findings;
  found.comment = found.comment?.trim() || null;
  const summary = priceSummary(declaredPrice, findings.controlledPrice, absorptionRule);
  return {
    declaredProduct: state.context.product as ComplianceCheckResult['declaredProduct'],
    declaredPrice,
    ...found,
    absorption: { rule: absorptionRule, absorbable: summary.absorbable },
  };
}

function purchasePrice(state: ItemSnapshot): Money {
  const price = state.context.purchasePrice;
  if (price === null) throw new DomainError('ITEM_NOT_FOUND');
  return price;
}

function zero(like: Money): Money {
  return { amountInCents: 0, currency: like.currency };
}

/**
 * The events one command emits, each asked of the machine in the state the
 * ones before it leave, and the stock changes they record.
 */
class Emission {
  readonly events: ItemEvent[] = [];
  state: ItemSnapshot;

  constructor(
    initial: ItemSnapshot,
    private readonly command: string,
  ) {
    this.state = initial;
  }

  emit(event: ItemEvent): this {
    if (!this.state.can(event)) {
      const status = itemStatus(this.state);
      if (status === 'item_cancelled') throw new DomainError('ITEM_CANCELLED');
      throw new DomainError('ITEM_TRANSITION_NOT_ALLOWED', { status, command: this.command });
    }
    this.events.push(event);
    this.state = evolveItem(this.state, event);
    return this;
  }

  /** Into one of the item's warehouse's native stocks. */
  moveTo(kind: NativeStockKind): StockChange {
    const warehouseId = this.state.context.warehouseId as string;
    return this.change(nativeStockId(warehouseId, kind));
  }

  /** Into a stock the operator chose: any of the warehouse's but quarantine, which only quarantine enters. */
  moveToStock(stockId: string): StockChange {
    const warehouseId = this.state.context.warehouseId as string;
    if (stockId === nativeStockId(warehouseId, 'in_quarantine')) throw new DomainError('ITEM_STOCK_RESERVED_FOR_QUARANTINE', { stockId });
    return this.change(stockId);
  }

  leaveWarehouse(): StockChange {
    return this.change(null);
  }

  stay(): StockChange {
    return this.change(this.state.context.stockId);
  }

  private change(toStockId: string | null): StockChange {
    const { stockId, receivedAt } = this.state.context;
    return { fromStockId: stockId, toStockId, receivedAt };
  }
}
