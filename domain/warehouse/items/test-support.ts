/**
 * Test support for the item decider, so that tests read as sentences:
 *   given(created(), shipped()).when(checkIn()).thenEvents([registeredInWarehouse()]).andStatus('item_registered_in_warehouse');
 * Defaults follow one item along the main path (a web buyback declared at
 * 100.00 EUR, shipped, received at Lyon into its to-approve stock); stock
 * changes are written out (`entering`, `moving`, `leaving`, `outside`). The
 * event factories are here; the commands' (test-support-commands.ts) and
 * Given / When / Then (test-support-given.ts) are re-exported. Pure, test-only.
 */
import type { AbsorptionRule, AbsorptionType } from '../../buybacks/absorption.js';
import type { DeclarationResponse, DeclaredProduct } from '../../buybacks/events.js';
import { money, type Money } from '../../shared/money.js';
import { nativeStockId, type NativeStockKind } from '../stocks/native-stocks.js';
import type { CheckDecision, ComplianceFindings } from './commands.js';
import type {
  ComplianceCheckResult,
  ItemAwaiting,
  ItemCancelled,
  ItemCompletedByPrice,
  ItemCompletedWithAbsorption,
  ItemCompletedWithNegotiation,
  ItemCompletedWithoutControl,
  ItemCreated,
  ItemDisputeMailSent,
  ItemDroppedInStore,
  ItemLost,
  ItemMovedToStock,
  ItemNewPriceProposed,
  ItemQuarantined,
  ItemReceivedAfterCancellation,
  ItemReceivedFromStore,
  ItemRefurbCompleted,
  ItemRefurbDiagnosticStarted,
  ItemRefurbStarted,
  ItemRegisteredInWarehouse,
  ItemReleasedFromQuarantine,
  ItemReturnRequested,
  ItemReturned,
  ItemShipped,
  LostPlace,
  QuarantineReason,
  StockChange,
} from './events.js';

// Reference values

export const ITEM_ID = 'item-0001';
export const BUYBACK_ID = 'bb-0001';
/** A 13-digit buyback code with a valid GS1 check digit. */
export const IDENTIFICATION_NUMBER = '2611042173058';
/** Its last 8 digits: the code printed on warehouse labels. */
export const SHORT_CODE = '42173058';
/** The same warehouse as the buyback's test support, so that a buyback's item is at home here. */
export const WAREHOUSE_ID = 'warehouse-lyon';
export const OTHER_WAREHOUSE_ID = 'warehouse-lille';
export const STORE_ID = 'store-paris-01';
export const BUYER_ID = 'buyer-acme';
export const IMEI = '356938035643809';

export const PRODUCT: DeclaredProduct = {
  productId: 'product-iphone-13',
  label: 'iPhone 13 128 GB',
  brand: 'Apple',
  categoryId: 'category-smartphones',
  ean: '0194252707296',
};

/** Another model, picked at the check when the parcel holds something else than declared. */
export const OTHER_PRODUCT: DeclaredProduct = {
  productId: 'product-iphone-12',
  label: 'iPhone 12 64 GB',
  brand: 'Apple',
  categoryId: 'category-smartphones',
  ean: '0194252030837',
};

export function eur(amountInCents: number): Money {
  return money(amountInCents, 'EUR');
}

/** The price declared by the customer: 100.00 EUR, what the item is bought for until the check says otherwise. */
export const DECLARED_PRICE = eur(10_000);
/** The lower price proposed to the customer: 80.00 EUR. */
export const PROPOSED_PRICE = eur(8_000);

export function rule(type: AbsorptionType, value: number, maxAbsorbedAmountInCents: number | null = null): AbsorptionRule {
  return { type, value, maxAbsorbedAmountInCents };
}

export const NO_ABSORPTION = rule('none', 0);

/** When the parcel was received at the warehouse (check-in or the check's implicit reception). */
export const RECEIVED_AT = '2026-11-02T09:00:00.000Z';

// ---------------------------------------------------------------------------
// Stocks and stock changes
// ---------------------------------------------------------------------------

/** A native stock of the item's warehouse. */
export function native(kind: NativeStockKind, warehouseId = WAREHOUSE_ID): string {
  return nativeStockId(warehouseId, kind);
}

export const TO_APPROVE = native('to_approve');
export const TO_REFURBISH = native('to_refurbish');
export const REFURB_COMPLETED = native('refurb_completed');
export const CUSTOMER_RETURN = native('customer_return');
export const IN_QUARANTINE = native('in_quarantine');
/** Two stocks the warehouse created itself. */
export const SHELF_A = 'stock-shelf-a';
export const SHELF_B = 'stock-shelf-b';

/** Never in the warehouse: no stock before or after, never received. */
export function outside(): StockChange {
  return { fromStockId: null, toStockId: null, receivedAt: null };
}

/** Received into a stock at `receivedAt`. */
export function entering(toStockId: string, receivedAt = RECEIVED_AT): StockChange {
  return { fromStockId: null, toStockId, receivedAt };
}

/** From one stock to another (or the same), received at `receivedAt`. */
export function moving(fromStockId: string, toStockId: string, receivedAt = RECEIVED_AT): StockChange {
  return { fromStockId, toStockId, receivedAt };
}

/** Out of the warehouse from a stock, still remembering when it was received. */
export function leaving(fromStockId: string, receivedAt = RECEIVED_AT): StockChange {
  return { fromStockId, toStockId: null, receivedAt };
}

// ---------------------------------------------------------------------------
// The compliance check
// ---------------------------------------------------------------------------

export const RESPONSES: DeclarationResponse[] = [{ questionId: 'q-screen', answerIds: ['a-screen-ok'] }];

/** What the operator found: by default the declared product, as declared, worth its declared price, under a rule absorbing nothing. */
export function findings(overrides: Partial<ComplianceFindings> = {}): ComplianceFindings {
  return {
    foundProduct: PRODUCT,
    imei: IMEI,
    imeiMatchesProduct: true,
    serialNumber: 'F2LXK0XXHG7F',
    responses: RESPONSES,
    grade: 'grade_b',
    controlledPrice: DECLARED_PRICE,
    comment: null,
    commentShared: false,
    absorptionRule: NO_ABSORPTION,
    ...overrides,
  };
}

/** The check result recorded on the item for these findings, with the absorbable amount written out by the test. */
export function checkResult(found: ComplianceFindings = findings(), absorbable: Money = eur(0)): ComplianceCheckResult {
  const { absorptionRule, ...rest } = found;
  return { declaredProduct: PRODUCT, declaredPrice: DECLARED_PRICE, ...rest, absorption: { rule: absorptionRule, absorbable } };
}

export const PROPOSAL_REASON = 'Screen scratched, not declared';

export function byRule(proposalReason: string | null = null): CheckDecision {
  return { kind: 'by_rule', proposalReason };
}

export const QUARANTINE_COMMENT = 'iCloud lock still active';

export function toQuarantine(reason: QuarantineReason = 'account_lock_active', comment = QUARANTINE_COMMENT): CheckDecision {
  return { kind: 'quarantine', reason, comment };
}

// ---------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------

export interface CreationOptions {
  awaiting?: ItemAwaiting;
  storeId?: string | null;
  warehouseId?: string;
  purchasePrice?: Money;
}

/** An item created with its buyback: by default a web buyback its customer posts (awaiting customer_shipment). */
export function created(options: CreationOptions = {}): ItemCreated {
  const awaiting = options.awaiting ?? 'customer_shipment';
  return {
    type: 'ItemCreated',
    data: {
      itemId: ITEM_ID,
      buybackId: BUYBACK_ID,
      identificationNumber: IDENTIFICATION_NUMBER,
      shortCode: SHORT_CODE,
      awaiting,
      storeId: options.storeId !== undefined ? options.storeId : awaiting === 'store_shipment' ? STORE_ID : null,
      warehouseId: options.warehouseId ?? WAREHOUSE_ID,
      buyerId: BUYER_ID,
      product: PRODUCT,
      imei: IMEI,
      purchasePrice: options.purchasePrice ?? DECLARED_PRICE,
    },
  };
}

export function droppedInStore(storeId = STORE_ID): ItemDroppedInStore {
  return { type: 'ItemDroppedInStore', data: { itemId: ITEM_ID, storeId } };
}

export const TRACKING_NUMBER = '6A12345678901';

/** Scanned out by default; `implicit` when the warehouse received it before anyone did. */
export function shipped(options: { implicit?: boolean; trackingNumber?: string | null; packageId?: string | null } = {}): ItemShipped {
  const implicit = options.implicit ?? false;
  return {
    type: 'ItemShipped',
    data: {
      itemId: ITEM_ID,
      trackingNumber: options.trackingNumber !== undefined ? options.trackingNumber : implicit ? null : TRACKING_NUMBER,
      packageId: options.packageId ?? null,
      implicit,
    },
  };
}

/** Received into the to-approve stock of its warehouse. */
export function registeredInWarehouse(receivedAt = RECEIVED_AT, warehouseId = WAREHOUSE_ID): ItemRegisteredInWarehouse {
  return { type: 'ItemRegisteredInWarehouse', data: { itemId: ITEM_ID, warehouseId, stock: entering(native('to_approve', warehouseId), receivedAt) } };
}

export function completedByPrice(data: Partial<Omit<ItemCompletedByPrice['data'], 'itemId'>> = {}): ItemCompletedByPrice {
  return {
    type: 'ItemCompletedByPrice',
    data: {
      itemId: ITEM_ID,
      check: data.check !== undefined ? data.check : checkResult(),
      validatedPrice: data.validatedPrice ?? DECLARED_PRICE,
      stock: data.stock ?? moving(TO_APPROVE, TO_REFURBISH),
    },
  };
}

/** By default a 5.00 EUR deviation (95.00 found) that a rule absorbing up to 10.00 EUR absorbs. */
export const ABSORBING_FINDINGS = findings({ controlledPrice: eur(9_500), absorptionRule: rule('value', 1_000) });

export function completedWithAbsorption(data: Partial<Omit<ItemCompletedWithAbsorption['data'], 'itemId'>> = {}): ItemCompletedWithAbsorption {
  return {
    type: 'ItemCompletedWithAbsorption',
    data: {
      itemId: ITEM_ID,
      check: data.check !== undefined ? data.check : checkResult(ABSORBING_FINDINGS, eur(1_000)),
      absorbedAmount: data.absorbedAmount ?? eur(500),
      validatedPrice: data.validatedPrice ?? DECLARED_PRICE,
      stock: data.stock ?? moving(TO_APPROVE, TO_REFURBISH),
    },
  };
}

export function completedWithoutControl(data: Partial<Omit<ItemCompletedWithoutControl['data'], 'itemId'>> = {}): ItemCompletedWithoutControl {
  return {
    type: 'ItemCompletedWithoutControl',
    data: { itemId: ITEM_ID, validatedPrice: data.validatedPrice ?? DECLARED_PRICE, stock: data.stock ?? moving(TO_APPROVE, TO_REFURBISH) },
  };
}

/** By default 80.00 EUR found under a rule absorbing nothing: 80.00 EUR proposed. */
export const PROPOSING_FINDINGS = findings({ controlledPrice: PROPOSED_PRICE, grade: 'grade_d' });

export function newPriceProposed(data: Partial<Omit<ItemNewPriceProposed['data'], 'itemId'>> = {}): ItemNewPriceProposed {
  return {
    type: 'ItemNewPriceProposed',
    data: {
      itemId: ITEM_ID,
      check: data.check !== undefined ? data.check : checkResult(PROPOSING_FINDINGS),
      previousPrice: data.previousPrice ?? DECLARED_PRICE,
      proposedPrice: data.proposedPrice ?? PROPOSED_PRICE,
      reason: data.reason ?? PROPOSAL_REASON,
      sharedComment: data.sharedComment ?? null,
    },
  };
}

export function completedWithNegotiation(data: Partial<Omit<ItemCompletedWithNegotiation['data'], 'itemId'>> = {}): ItemCompletedWithNegotiation {
  return {
    type: 'ItemCompletedWithNegotiation',
    data: { itemId: ITEM_ID, validatedPrice: data.validatedPrice ?? PROPOSED_PRICE, stock: data.stock ?? moving(TO_APPROVE, TO_REFURBISH) },
  };
}

export function returnRequested(stock: StockChange = moving(TO_APPROVE, CUSTOMER_RETURN)): ItemReturnRequested {
  return { type: 'ItemReturnRequested', data: { itemId: ITEM_ID, stock } };
}

export const RETURN_TRACKING_NUMBER = '8R98765432109';

export function returned(data: Partial<Omit<ItemReturned['data'], 'itemId'>> = {}): ItemReturned {
  return {
    type: 'ItemReturned',
    data: {
      itemId: ITEM_ID,
      trackingNumber: data.trackingNumber !== undefined ? data.trackingNumber : RETURN_TRACKING_NUMBER,
      comment: data.comment ?? null,
      stock: data.stock ?? leaving(CUSTOMER_RETURN),
    },
  };
}

export const CANCEL_REASON = 'customer_retractation';
export const CANCEL_COMMENT = 'The customer changed their mind';

/** Cancelled before it reached the warehouse by default. */
export function cancelled(data: Partial<Omit<ItemCancelled['data'], 'itemId'>> = {}): ItemCancelled {
  return {
    type: 'ItemCancelled',
    data: {
      itemId: ITEM_ID,
      reason: data.reason ?? CANCEL_REASON,
      comment: data.comment !== undefined ? data.comment : CANCEL_COMMENT,
      stock: data.stock ?? outside(),
    },
  };
}

/** The store's open package a device waits in, in the reconciliation's tests. */
export const PACKAGE_ID = 'package-0001';
export const PACKAGE_NUMBER = 'P000000001';

/** Its store never shipped it; the warehouse operator confirmed they hold it (in the store's package, when one is given). */
export function receivedFromStore(packageId: string | null = null, packageNumber: string | null = null, receivedAt = RECEIVED_AT): ItemReceivedFromStore {
  return {
    type: 'ItemReceivedFromStore',
    data: { itemId: ITEM_ID, warehouseId: WAREHOUSE_ID, storeId: STORE_ID, packageId, packageNumber, stock: entering(TO_APPROVE, receivedAt) },
  };
}

export function receivedAfterCancellation(): ItemReceivedAfterCancellation {
  return { type: 'ItemReceivedAfterCancellation', data: { itemId: ITEM_ID, warehouseId: WAREHOUSE_ID, stock: entering(CUSTOMER_RETURN, RECEIVED_AT) } };
}

export function quarantined(data: Partial<Omit<ItemQuarantined['data'], 'itemId'>> = {}): ItemQuarantined {
  return {
    type: 'ItemQuarantined',
    data: {
      itemId: ITEM_ID,
      reason: data.reason ?? 'account_lock_active',
      comment: data.comment ?? QUARANTINE_COMMENT,
      check: data.check ?? null,
      stock: data.stock ?? moving(TO_APPROVE, IN_QUARANTINE),
    },
  };
}

export function disputeMailSent(delivered = true, failure: string | null = null): ItemDisputeMailSent {
  return { type: 'ItemDisputeMailSent', data: { itemId: ITEM_ID, delivered, failure } };
}

export const RELEASE_COMMENT = 'The customer removed the lock';

/** Released back into the to-approve stock by default. */
export function releasedFromQuarantine(data: Partial<Omit<ItemReleasedFromQuarantine['data'], 'itemId'>> = {}): ItemReleasedFromQuarantine {
  return {
    type: 'ItemReleasedFromQuarantine',
    data: {
      itemId: ITEM_ID,
      comment: data.comment !== undefined ? data.comment : RELEASE_COMMENT,
      stock: data.stock ?? moving(IN_QUARANTINE, TO_APPROVE),
    },
  };
}

export const LOSS_COMMENT = 'Not found at the inventory';

export function lost(place: LostPlace, stock: StockChange = outside(), comment = LOSS_COMMENT): ItemLost {
  return { type: 'ItemLost', data: { itemId: ITEM_ID, place, comment, stock } };
}

export const MOVE_REASON = 'Stored with the devices of its model';

export function movedToStock(stock: StockChange = moving(TO_APPROVE, SHELF_A), reason = MOVE_REASON): ItemMovedToStock {
  return { type: 'ItemMovedToStock', data: { itemId: ITEM_ID, reason, stock } };
}

export function refurbDiagnosticStarted(): ItemRefurbDiagnosticStarted {
  return { type: 'ItemRefurbDiagnosticStarted', data: { itemId: ITEM_ID } };
}

export function refurbStarted(stock: StockChange = moving(TO_REFURBISH, TO_REFURBISH)): ItemRefurbStarted {
  return { type: 'ItemRefurbStarted', data: { itemId: ITEM_ID, stock } };
}

export function refurbCompleted(stock: StockChange = moving(TO_REFURBISH, REFURB_COMPLETED)): ItemRefurbCompleted {
  return { type: 'ItemRefurbCompleted', data: { itemId: ITEM_ID, stock } };
}

// The commands, in their own file, re-exported here for the tests.
export * from './test-support-commands.js';
export * from './test-support-given.js';
