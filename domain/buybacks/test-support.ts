/**
 * Test support for the buyback decider: Given / When / Then in the style of
 * Emmett / Axon (`given(events).when(command).then(events | error)`), plus
 * factories for every command and event so that tests read as sentences:
 *
 *   given(registered(), shipped()).when(checkIn()).thenEvents([checkedIn()]).andStatus('bb_in_processing');
 *
 * Pure: folds the given events with `foldBuyback` and calls `decide`, no I/O.
 * Test-only (imports vitest); nothing in the application imports it.
 */
import { expect } from 'vitest';
import { money, type Money } from '../shared/money.js';
import type { AbsorptionRule, AbsorptionType } from './absorption.js';
import type { BuybackCommand } from './commands.js';
import { decide } from './decide.js';
import type {
  BuybackCancelled,
  BuybackChannel,
  BuybackCheckedIn,
  BuybackCompleted,
  BuybackCompletedAfterLoss,
  BuybackHoldLifted,
  BuybackPutOnHold,
  BuybackCompletedByPrice,
  BuybackCompletedWithAbsorption,
  BuybackEdited,
  BuybackEvent,
  BuybackFinalizedInStore,
  BuybackNewPriceAccepted,
  BuybackNewPriceProposed,
  BuybackNewPriceRejected,
  BuybackRegistered,
  BuybackShipped,
  CancelReason,
  DepositType,
  PaymentStatus,
  PaymentType,
} from './events.js';
import { buybackStatus, evolveBuyback, initialBuyback, type BuybackSnapshot } from './machine.js';
import { deciderSpecification, givenWhenThen } from '../shared/test-support.js';
import type { BuybackStatus } from './state.js';

// ---------------------------------------------------------------------------
// Reference values
// ---------------------------------------------------------------------------

export const BUYBACK_ID = 'bb-0001';
export const WAREHOUSE_ID = 'warehouse-lyon';
export const OTHER_WAREHOUSE_ID = 'warehouse-lille';
export const STORE_ID = 'store-paris-01';
/** SHA-256 (hex) of the secret in the customer's decision link. */
export const DECISION_TOKEN_HASH = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
export const OTHER_TOKEN_HASH = '60303ae22b998861bce3b28f33eec1be758a213c86c93c076dbe9f558c11c752';

export function eur(amountInCents: number): Money {
  return money(amountInCents, 'EUR');
}

/** The price declared by the customer at registration: 100.00 EUR. */
export const DECLARED_PRICE = eur(10_000);
/** The lower price proposed after the check: 80.00 EUR. */
export const PROPOSED_PRICE = eur(8_000);
/** The controlled price the absorption defaults use: 95.00 EUR (5.00 EUR deviation). */
export const CONTROLLED_PRICE = eur(9_500);

export function rule(type: AbsorptionType, value: number, maxAbsorbedAmountInCents: number | null = null): AbsorptionRule {
  return { type, value, maxAbsorbedAmountInCents };
}

/** Absorbs up to 10.00 EUR: enough for the default 5.00 EUR deviation. */
export const GENEROUS_RULE = rule('value', 1_000);

// ---------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------

export interface RegistrationOptions {
  channel?: BuybackChannel;
  deposit?: DepositType;
  paymentType?: PaymentType;
  declaredPrice?: Money;
  /** Defaults to what the business rule says for the channel and payment type. */
  paymentStatus?: PaymentStatus;
  warehouseId?: string;
}

/**
 * The payment status a registration starts with, written out from the
 * specification (not taken from the domain): a gift card or voucher handed
 * over in a store is paid at once, everything else awaits payment.
 */
function expectedInitialPaymentStatus(channel: BuybackChannel, paymentType: PaymentType): PaymentStatus {
  if (channel === 'store' && (paymentType === 'gift_card' || paymentType === 'voucher')) return 'payment_completed';
  return 'awaiting_payment';
}

/** A buyback registered (by default on the web, posted, paid by bank transfer, declared at 100.00 EUR). */
export function registered(options: RegistrationOptions = {}): BuybackRegistered {
  const channel = options.channel ?? 'web';
  const deposit = options.deposit ?? 'post';
  const paymentType = options.paymentType ?? 'bank_transfer';
  return {
    type: 'BuybackRegistered',
    data: {
      buybackId: BUYBACK_ID,
      identificationNumber: 'BB-2024-000001',
      channel,
      storeId: channel === 'store' ? STORE_ID : null,
      buyerId: 'buyer-acme',
      warehouseId: options.warehouseId ?? WAREHOUSE_ID,
      circuit: { id: `circuit-${deposit}`, name: `Circuit ${deposit}`, deposit },
      shippingMethodId: 'shipping-colissimo',
      paymentMode: { id: `payment-${paymentType}`, type: paymentType, label: `Payment by ${paymentType}` },
      paymentStatus: options.paymentStatus ?? expectedInitialPaymentStatus(channel, paymentType),
      product: {
        productId: 'product-iphone-13',
        label: 'iPhone 13 128 GB',
        brand: 'Apple',
        categoryId: 'category-smartphones',
        ean: '0194252707296',
      },
      responses: [{ questionId: 'q-screen', answerIds: ['a-screen-ok'] }],
      grade: 'B',
      imei: '356938035643809',
      declaredPrice: options.declaredPrice ?? DECLARED_PRICE,
      customerSubjectId: 'subject-0001',
      customer: { $sealed: 'v1', subjectId: 'subject-0001', iv: 'aXY=', ciphertext: 'Y2lwaGVy', tag: 'dGFn' },
      customerLocale: 'fr-FR',
      dispatch: null,
      pricing: null,
    },
  };
}

/** A web buyback whose customer drops the device in a shop. */
export function predeclaredForDrop(options: Omit<RegistrationOptions, 'channel' | 'deposit'> = {}): BuybackRegistered {
  return registered({ ...options, channel: 'web', deposit: 'drop' });
}

export function finalizedInStore(storeId = STORE_ID): BuybackFinalizedInStore {
  return { type: 'BuybackFinalizedInStore', data: { buybackId: BUYBACK_ID, storeId } };
}

export interface Tracking {
  trackingNumber: string | null;
  trackingLink: string | null;
}

export const TRACKING: Tracking = { trackingNumber: '6A12345678901', trackingLink: 'https://carrier.example/track/6A12345678901' };

export function shipped(tracking: Tracking = TRACKING, direct = false): BuybackShipped {
  return { type: 'BuybackShipped', data: { buybackId: BUYBACK_ID, ...tracking, direct } };
}

export function checkedIn(warehouseId = WAREHOUSE_ID): BuybackCheckedIn {
  return { type: 'BuybackCheckedIn', data: { buybackId: BUYBACK_ID, warehouseId } };
}

export function completedByPrice(
  data: Partial<Omit<BuybackCompletedByPrice['data'], 'buybackId'>> = {},
): BuybackCompletedByPrice {
  return {
    type: 'BuybackCompletedByPrice',
    data: {
      buybackId: BUYBACK_ID,
      controlledPrice: data.controlledPrice ?? DECLARED_PRICE,
      validatedPrice: data.validatedPrice ?? DECLARED_PRICE,
      comment: data.comment ?? null,
    },
  };
}

export function completedWithAbsorption(
  data: Partial<Omit<BuybackCompletedWithAbsorption['data'], 'buybackId'>> = {},
): BuybackCompletedWithAbsorption {
  return {
    type: 'BuybackCompletedWithAbsorption',
    data: {
      buybackId: BUYBACK_ID,
      controlledPrice: data.controlledPrice ?? CONTROLLED_PRICE,
      absorbedAmount: data.absorbedAmount ?? eur(500),
      validatedPrice: data.validatedPrice ?? DECLARED_PRICE,
      comment: data.comment ?? null,
    },
  };
}

export const PROPOSAL_REASON = 'Screen scratched, not declared';

export function newPriceProposed(
  data: Partial<Omit<BuybackNewPriceProposed['data'], 'buybackId'>> = {},
): BuybackNewPriceProposed {
  return {
    type: 'BuybackNewPriceProposed',
    data: {
      buybackId: BUYBACK_ID,
      previousPrice: data.previousPrice ?? DECLARED_PRICE,
      proposedPrice: data.proposedPrice ?? PROPOSED_PRICE,
      controlledPrice: data.controlledPrice ?? data.proposedPrice ?? PROPOSED_PRICE,
      reason: data.reason ?? PROPOSAL_REASON,
      comment: data.comment ?? null,
      decisionTokenHash: data.decisionTokenHash ?? DECISION_TOKEN_HASH,
    },
  };
}

export function newPriceAccepted(validatedPrice: Money = PROPOSED_PRICE): BuybackNewPriceAccepted {
  return { type: 'BuybackNewPriceAccepted', data: { buybackId: BUYBACK_ID, validatedPrice } };
}

export function newPriceRejected(rejectedPrice: Money = PROPOSED_PRICE): BuybackNewPriceRejected {
  return { type: 'BuybackNewPriceRejected', data: { buybackId: BUYBACK_ID, rejectedPrice } };
}

export function completed(validatedPrice: Money = DECLARED_PRICE): BuybackCompleted {
  return { type: 'BuybackCompleted', data: { buybackId: BUYBACK_ID, validatedPrice } };
}

export function completedAfterLoss(place: BuybackCompletedAfterLoss['data']['place'] = 'transport'): BuybackCompletedAfterLoss {
  return { type: 'BuybackCompletedAfterLoss', data: { buybackId: BUYBACK_ID, place, validatedPrice: DECLARED_PRICE } };
}

export function putOnHold(reason = 'account_lock_active'): BuybackPutOnHold {
  return { type: 'BuybackPutOnHold', data: { buybackId: BUYBACK_ID, reason } };
}

export function holdLifted(): BuybackHoldLifted {
  return { type: 'BuybackHoldLifted', data: { buybackId: BUYBACK_ID } };
}

export const CANCEL_COMMENT = 'The customer changed their mind';

/** Cancelled by default with an awaiting payment, which is cancelled with it. */
export function cancelled(data: Partial<Omit<BuybackCancelled['data'], 'buybackId'>> = {}): BuybackCancelled {
  return {
    type: 'BuybackCancelled',
    data: {
      buybackId: BUYBACK_ID,
      reason: data.reason ?? 'customer_retractation',
      comment: data.comment ?? CANCEL_COMMENT,
      forced: data.forced ?? false,
      previousPaymentStatus: data.previousPaymentStatus ?? 'awaiting_payment',
      paymentStatus: data.paymentStatus ?? 'payment_cancelled',
    },
  };
}

// ---------------------------------------------------------------------------
// Commands (defaults match the event factories above)
// ---------------------------------------------------------------------------

export function registerBuyback(options: RegistrationOptions = {}): BuybackCommand {
  const { paymentStatus: _paymentStatus, ...data } = registered(options).data;
  return { type: 'RegisterBuyback', data };
}

export function finalizeInStore(storeId = STORE_ID): BuybackCommand {
  return { type: 'FinalizeBuybackInStore', data: { storeId } };
}

export function ship(tracking: Tracking = TRACKING): BuybackCommand {
  return { type: 'ShipBuyback', data: { ...tracking } };
}

export function checkIn(warehouseId = WAREHOUSE_ID): BuybackCommand {
  return { type: 'CheckInBuyback', data: { warehouseId } };
}

export function completeByPrice(controlledPrice: Money | null = null, comment: string | null = null): BuybackCommand {
  return { type: 'CompleteBuybackByPrice', data: { controlledPrice, comment } };
}

export function absorbPriceDeviation(
  controlledPrice: Money = CONTROLLED_PRICE,
  absorptionRule: AbsorptionRule = GENEROUS_RULE,
  comment: string | null = null,
): BuybackCommand {
  return { type: 'AbsorbPriceDeviation', data: { controlledPrice, rule: absorptionRule, comment } };
}

export function proposeNewPrice(
  proposedPrice: Money = PROPOSED_PRICE,
  options: { reason?: string; comment?: string | null; decisionTokenHash?: string } = {},
): BuybackCommand {
  return {
    type: 'ProposeNewPrice',
    data: {
      proposedPrice,
      reason: options.reason ?? PROPOSAL_REASON,
      comment: options.comment ?? null,
      decisionTokenHash: options.decisionTokenHash ?? DECISION_TOKEN_HASH,
    },
  };
}

export function acceptNewPrice(decisionTokenHash = DECISION_TOKEN_HASH): BuybackCommand {
  return { type: 'AcceptNewPrice', data: { decisionTokenHash } };
}

export function rejectNewPrice(decisionTokenHash = DECISION_TOKEN_HASH): BuybackCommand {
  return { type: 'RejectNewPrice', data: { decisionTokenHash } };
}

export function completeBuyback(): BuybackCommand {
  return { type: 'CompleteBuyback', data: {} };
}

export function putBuybackOnHold(reason = 'account_lock_active'): BuybackCommand {
  return { type: 'PutBuybackOnHold', data: { reason } };
}

export function liftBuybackHold(): BuybackCommand {
  return { type: 'LiftBuybackHold', data: {} };
}

export function completeAfterLoss(place: BuybackCompletedAfterLoss['data']['place'] = 'transport'): BuybackCommand {
  return { type: 'CompleteBuybackAfterLoss', data: { place } };
}

export function cancel(options: { force?: boolean; reason?: CancelReason; comment?: string } = {}): BuybackCommand {
  return {
    type: 'CancelBuyback',
    data: {
      reason: options.reason ?? 'customer_retractation',
      comment: options.comment ?? CANCEL_COMMENT,
      force: options.force ?? false,
    },
  };
}

/** The reason an edition gives. */
export const EDITION_REASON = 'The customer misspelt their name';
/** A sealed envelope of changed customer fields (the domain never opens it). */
export const SEALED_CHANGES = { $sealed: 'v1', subjectId: 'subject-0001', iv: 'aXYy', ciphertext: 'Y2hhbmdlZA==', tag: 'dGFnMg==' } as const;
/** The answers corrected: the screen is cracked after all, 70.00 EUR. */
export const EDITED_DECLARATION = { responses: [{ questionId: 'q-screen', answerIds: ['a-screen-cracked'] }], grade: 'C', declaredPrice: eur(7_000) };

export function editBuyback(options: { customerFields?: string[]; declaration?: typeof EDITED_DECLARATION | null; reason?: string } = {}): BuybackCommand {
  const customerFields = options.customerFields ?? ['lastName'];
  return {
    type: 'EditBuyback',
    data: {
      reason: options.reason ?? EDITION_REASON,
      customer: customerFields.length > 0 ? { ...SEALED_CHANGES } : null,
      customerFields,
      declaration: options.declaration === undefined ? EDITED_DECLARATION : options.declaration,
    },
  };
}

export function edited(options: { customerFields?: string[]; declaration?: typeof EDITED_DECLARATION | null; previousPrice?: Money } = {}): BuybackEdited {
  const customerFields = options.customerFields ?? ['lastName'];
  const declaration = options.declaration === undefined ? EDITED_DECLARATION : options.declaration;
  return {
    type: 'BuybackEdited',
    data: {
      buybackId: BUYBACK_ID,
      reason: EDITION_REASON,
      customer: customerFields.length > 0 ? { ...SEALED_CHANGES } : null,
      customerFields,
      declaration: declaration && { ...declaration, previousPrice: options.previousPrice ?? DECLARED_PRICE },
    },
  };
}

// ---------------------------------------------------------------------------
// Given / When / Then, on the generic decider specification
// ---------------------------------------------------------------------------

const buybackSpecification = deciderSpecification<BuybackSnapshot, BuybackCommand, BuybackEvent>({
  initialState: initialBuyback,
  evolve: evolveBuyback,
  decide,
});

/** The buyback's specification, with a status assertion after the events. */
export const given = givenWhenThen(buybackSpecification, {
  /** The status after the emitted events (and the sub-state of bb_in_processing when given). */
  andStatus: (state: BuybackSnapshot, status: BuybackStatus | null, subState?: 'checking' | 'on_hold' | 'awaiting_customer_decision') => {
    expect(buybackStatus(state)).toBe(status);
    if (subState !== undefined) expect(state.value).toEqual({ bb_in_processing: subState });
  },
});

// What the logistics part records on a buyback: its own file, re-exported here for the tests.
export * from './test-support-logistics.js';
