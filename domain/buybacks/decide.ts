import { DomainError } from '../shared/domain-error.js';
import { compareMoney, subtractMoney, type Money } from '../shared/money.js';
import { absorbableAmount } from './absorption.js';
import type { BuybackCommand } from './commands.js';
import type { BuybackEvent, BuybackRegistered, PaymentStatus, PaymentType, BuybackChannel, DepositType } from './events.js';
import { buybackStatus, type BuybackSnapshot } from './machine.js';
import { EVENT_OF_COMMAND } from './allowed-commands.js';
import { decideEdition } from './edition.js';

/**
 * Turns a command and the current state into events, or refuses with a
 * DomainError whose code the API returns as is. Pure: the state comes from
 * the stored events, time and ids come in with the command.
 */
export function decide(command: BuybackCommand, state: BuybackSnapshot): BuybackEvent[] {
  if (command.type === 'RegisterBuyback') return [register(command.data, state)];

  const ctx = state.context;
  const buybackId = ctx.buybackId;
  if (buybackId === null) throw new DomainError('BUYBACK_NOT_FOUND');

  switch (command.type) {
    case 'FinalizeBuybackInStore':
      return allowed(state, command, { type: 'BuybackFinalizedInStore', data: { buybackId, storeId: command.data.storeId } });
    case 'ShipBuyback': {
      const { trackingNumber, trackingLink, direct = false } = command.data;
      return allowed(state, command, { type: 'BuybackShipped', data: { buybackId, trackingNumber, trackingLink, direct } });
    }
    case 'CheckInBuyback': {
      ensureAllowed(state, command);
      if (ctx.warehouseId !== command.data.warehouseId) {
        throw new DomainError('BUYBACK_NOT_ASSIGNED_TO_WAREHOUSE', { warehouseId: command.data.warehouseId });
      }
      return [{ type: 'BuybackCheckedIn', data: { buybackId, warehouseId: command.data.warehouseId } }];
    }
    case 'CompleteBuybackByPrice': {
      ensureAllowed(state, command);
      const declared = declaredPrice(state);
      const controlled = command.data.controlledPrice ?? declared;
      if (compareMoney(controlled, declared) < 0) {
        throw new DomainError('BUYBACK_PRICE_DEVIATION', { declaredPrice: declared, controlledPrice: controlled });
      }
      return [
        {
          type: 'BuybackCompletedByPrice',
          data: { buybackId, controlledPrice: controlled, validatedPrice: declared, comment: command.data.comment },
        },
      ];
    }
    case 'AbsorbPriceDeviation': {
      ensureAllowed(state, command);
      const declared = declaredPrice(state);
      const { controlledPrice, rule, comment } = command.data;
      ensureNotNegative(controlledPrice);
      if (compareMoney(controlledPrice, declared) >= 0) {
        throw new DomainError('BUYBACK_NO_PRICE_DEVIATION', { declaredPrice: declared, controlledPrice });
      }
      const deviation = subtractMoney(declared, controlledPrice);
      const absorbable = absorbableAmount(rule, declared, controlledPrice);
      if (compareMoney(deviation, absorbable) > 0) {
        throw new DomainError('ABSORPTION_EXCEEDS_RULE', { deviation, absorbable });
      }
      return [
        {
          type: 'BuybackCompletedWithAbsorption',
          data: { buybackId, controlledPrice, absorbedAmount: deviation, validatedPrice: declared, comment },
        },
      ];
    }
    case 'ProposeNewPrice': {
      ensureAllowed(state, command);
      const declared = declaredPrice(state);
      const { proposedPrice, reason, comment, decisionTokenHash } = command.data;
      const controlledPrice = command.data.controlledPrice ?? proposedPrice;
      ensureNotNegative(proposedPrice);
      if (compareMoney(proposedPrice, declared) >= 0) {
        throw new DomainError('BUYBACK_PROPOSED_PRICE_NOT_LOWER', { declaredPrice: declared, proposedPrice });
      }
      return [
        {
          type: 'BuybackNewPriceProposed',
          data: { buybackId, previousPrice: declared, proposedPrice, controlledPrice, reason, comment, decisionTokenHash },
        },
      ];
    }
    case 'AcceptNewPrice':
    case 'RejectNewPrice': {
      const proposal = ctx.proposal;
      if (proposal === null) {
        if (buybackStatus(state) === 'bb_cancelled') throw new DomainError('BUYBACK_CANCELLED');
        throw new DomainError('PRICE_PROPOSAL_NOT_FOUND');
      }
      if (proposal.decisionTokenHash !== command.data.decisionTokenHash) {
        throw new DomainError('PRICE_PROPOSAL_TOKEN_INVALID');
      }
      if (proposal.decision !== 'pending') {
        throw new DomainError('PRICE_PROPOSAL_ALREADY_RESOLVED', { decision: proposal.decision });
      }
      return command.type === 'AcceptNewPrice'
        ? allowed(state, command, {
            type: 'BuybackNewPriceAccepted',
            data: { buybackId, validatedPrice: proposal.proposedPrice },
          })
        : allowed(state, command, {
            type: 'BuybackNewPriceRejected',
            data: { buybackId, rejectedPrice: proposal.proposedPrice },
          });
    }
    case 'CompleteBuyback':
      return allowed(state, command, {
        type: 'BuybackCompleted',
        data: { buybackId, validatedPrice: declaredPrice(state) },
      });
    case 'PutBuybackOnHold':
      return allowed(state, command, { type: 'BuybackPutOnHold', data: { buybackId, reason: command.data.reason } });
    case 'LiftBuybackHold':
      return allowed(state, command, { type: 'BuybackHoldLifted', data: { buybackId } });
    case 'CompleteBuybackAfterLoss':
      return allowed(state, command, {
        type: 'BuybackCompletedAfterLoss',
        data: { buybackId, place: command.data.place, validatedPrice: declaredPrice(state) },
      });
    case 'PackBuyback':
      return [pack(state, buybackId, command.data)];
    case 'UnpackBuyback':
      // Out of a package it is not in (already taken out, or in another since): nothing to do.
      if (ctx.package?.packageId !== command.data.packageId) return [];
      return allowed(state, command, { type: 'BuybackUnpacked', data: { buybackId, packageId: command.data.packageId } });
    case 'ReceiveBuybackFromStore': {
      const { warehouseId, packageId } = command.data;
      const event: BuybackEvent = {
        type: 'BuybackReceivedFromStore',
        data: { buybackId, warehouseId, storeId: ctx.storeId, packageId: ctx.package?.packageId ?? null, packageNumber: ctx.package?.number ?? null },
      };
      ensureAllowed(state, command, event);
      if (ctx.storeId === null) throw new DomainError('BUYBACK_TRANSITION_NOT_ALLOWED', { status: buybackStatus(state), command: command.type });
      if (ctx.warehouseId !== warehouseId) throw new DomainError('BUYBACK_NOT_ASSIGNED_TO_WAREHOUSE', { warehouseId });
      // Packed or unpacked since the caller looked: its package must be decided on too.
      if ((ctx.package?.packageId ?? null) !== packageId) throw new DomainError('CONCURRENT_MODIFICATION', { packageId: ctx.package?.packageId ?? null });
      return [event];
    }
    case 'RecordBuybackShipment':
      if (ctx.trackingNumber === command.data.trackingNumber) return [];
      return allowed(state, command, { type: 'BuybackShipmentTracked', data: { buybackId, ...command.data } });
    case 'RecordBuybackDelivery':
      // Carriers' reports may come late or twice: one older than the latest applied, or a repeat, changes nothing
      // (two of the same second but of different statuses are both applied, in the order they come, as the transport does).
      if (ctx.deliveryAt !== null && (command.data.occurredAt < ctx.deliveryAt || (command.data.occurredAt === ctx.deliveryAt && command.data.status === ctx.deliveryStatus))) return [];
      return allowed(state, command, { type: 'BuybackDeliveryStatusChanged', data: { buybackId, ...command.data } });
    case 'EditBuyback':
      return decideEdition(state, buybackId, command.data);
    case 'CancelBuyback': {
      if (ctx.package !== null && buybackStatus(state) === 'bb_awaiting_inventory') {
        throw new DomainError('BUYBACK_IN_PACKAGE', { packageId: ctx.package.packageId, packageNumber: ctx.package.number });
      }
      ensureAllowed(state, command);
      const previous = command.data.paymentStatus ?? ctx.paymentStatus ?? 'awaiting_payment';
      const { reason, comment, force } = command.data;
      if (!isPaymentCancellable(previous) && !force) {
        throw new DomainError('BUYBACK_PAYMENT_NOT_CANCELLABLE', { paymentStatus: previous, forceAvailable: true });
      }
      return [
        {
          type: 'BuybackCancelled',
          data: {
            buybackId,
            reason,
            comment,
            forced: !isPaymentCancellable(previous),
            previousPaymentStatus: previous,
            paymentStatus: paymentStatusAfterCancellation(previous),
          },
        },
      ];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * Whether the store may put it in this package, with the specification's
 * codes: BB_EXPEDITION_NOT_NEEDED (its customer sends it themselves),
 * BB_DOES_NOT_EXIST (another store's, or not awaiting shipment: still to be
 * dropped, or cancelled), BB_ALREADY_FILLED (already in this package),
 * BB_ALREADY_PROCESSED (in another package, or already on its way or beyond),
 * SHIPMENT_ERROR (the package goes to another warehouse), and
 * BB_NEEDS_LABEL / BB_LABEL_NOT_NEEDED (its circuit and the package's
 * transport disagree: scan another code).
 */
function pack(state: BuybackSnapshot, buybackId: string, data: Extract<BuybackCommand, { type: 'PackBuyback' }>['data']): BuybackEvent {
  const ctx = state.context;
  const status = buybackStatus(state);
  const code = { identificationNumber: ctx.identificationNumber };
  if (status === 'bb_awaiting_store_drop' || status === 'bb_cancelled') throw new DomainError('BB_DOES_NOT_EXIST', { ...code, status });
  if (ctx.storeId === null) throw new DomainError('BB_EXPEDITION_NOT_NEEDED', { ...code, channel: ctx.channel });
  if (ctx.storeId !== data.storeId) throw new DomainError('BB_DOES_NOT_EXIST', code);
  if (status !== 'bb_awaiting_inventory') throw new DomainError('BB_ALREADY_PROCESSED', { ...code, status });
  if (ctx.package?.packageId === data.packageId) throw new DomainError('BB_ALREADY_FILLED', code);
  if (ctx.package) throw new DomainError('BB_ALREADY_PROCESSED', { ...code, packageNumber: ctx.package.number });
  if (ctx.warehouseId !== data.warehouseId) throw new DomainError('SHIPMENT_ERROR', { ...code, reason: 'other_warehouse', warehouseId: ctx.warehouseId });
  const needsLabel = needsCarrierLabel(ctx.deposit);
  if (needsLabel && !data.withLabel) throw new DomainError('BB_NEEDS_LABEL', code);
  if (!needsLabel && data.withLabel) throw new DomainError('BB_LABEL_NOT_NEEDED', code);
  const event: BuybackEvent = { type: 'BuybackPacked', data: { buybackId, packageId: data.packageId, packageNumber: data.packageNumber } };
  ensureAllowed(state, { type: 'PackBuyback', data }, event);
  return event;
}

/**
 * Whether a device leaving a store travels under a carrier's label: yes,
 * unless its circuit has the retailer's own transport collect it (deposit
 * `collect`; docs/specification-readings.md).
 */
export function needsCarrierLabel(deposit: DepositType | null): boolean {
  return deposit !== 'collect';
}

function register(data: Omit<BuybackRegistered['data'], 'paymentStatus'>, state: BuybackSnapshot): BuybackEvent {
  if (state.context.buybackId !== null) throw new DomainError('BUYBACK_ALREADY_EXISTS', { buybackId: state.context.buybackId });
  ensureNotNegative(data.declaredPrice);
  return {
    type: 'BuybackRegistered',
    data: { ...data, paymentStatus: initialPaymentStatus(data.channel, data.paymentMode.type) },
  };
}

/**
 * A gift card or voucher is handed over in the store when the buyback is
 * registered there, so its payment is complete from the start; every other
 * payment waits for the check at the warehouse.
 */
export function initialPaymentStatus(channel: BuybackChannel, paymentType: PaymentType): PaymentStatus {
  return channel === 'store' && (paymentType === 'gift_card' || paymentType === 'voucher')
    ? 'payment_completed'
    : 'awaiting_payment';
}

/** A payment already initiated or made cannot be called back by the platform. */
export function isPaymentCancellable(status: PaymentStatus): boolean {
  return status !== 'payment_initiated' && status !== 'payment_completed';
}

function paymentStatusAfterCancellation(status: PaymentStatus): PaymentStatus {
  if (status === 'payment_not_needed' || status === 'payment_cancelled') return status;
  return isPaymentCancellable(status) ? 'payment_cancelled' : status;
}

function allowed(state: BuybackSnapshot, command: BuybackCommand, event: BuybackEvent): BuybackEvent[] {
  ensureAllowed(state, command, event);
  return [event];
}

/**
 * Asks the machine whether the event this command would record is allowed in
 * the current state (the event itself when a guard reads it).
 */
function ensureAllowed(state: BuybackSnapshot, command: BuybackCommand, event?: BuybackEvent): void {
  if (command.type === 'RegisterBuyback') return;
  const probe = event ?? ({ type: EVENT_OF_COMMAND[command.type] } as BuybackEvent);
  if (state.can(probe)) return;
  const status = buybackStatus(state);
  if (status === 'bb_cancelled') throw new DomainError('BUYBACK_CANCELLED');
  throw new DomainError('BUYBACK_TRANSITION_NOT_ALLOWED', { status, command: command.type });
}

function declaredPrice(state: BuybackSnapshot): Money {
  const price = state.context.declaredPrice;
  if (price === null) throw new DomainError('BUYBACK_NOT_FOUND');
  return price;
}

function ensureNotNegative(amount: Money): void {
  if (amount.amountInCents < 0) throw new DomainError('MONEY_NEGATIVE', { amountInCents: amount.amountInCents });
}
