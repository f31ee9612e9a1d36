import type { Projection } from '../../application/ports/projection.js';
import { toDomainEvent } from '../../application/events/codec.js';
import { BUYBACK_EVENT_TYPES, type BuybackEvent } from '../../domain/buybacks/events.js';
import { statePathAfter, statusOfPath } from '../../domain/buybacks/machine.js';
import { BUYBACK_HISTORY_COLLECTION, type BuybackHistoryDocument, type HistoryEntry } from '../../application/buybacks/history-read-model.js';
import { BUYBACK_STREAMS } from '../../application/buybacks/streams.js';
import { sameJson } from '../shared/same-json.js';
import type { StoredEvent } from '../../application/ports/event-store.js';
import type { PaymentEvent } from '../../domain/payments/events.js';
import { isPaymentEvent, paymentAfter, paymentTargets, PAYMENT_EVENTS_ON_BUYBACKS } from './payment-changes.js';


/** The audit trail of a buyback, one entry per event, in order. */
export const buybackHistoryProjection: Projection<BuybackHistoryDocument> = {
  name: 'buyback-history',
  collection: BUYBACK_HISTORY_COLLECTION,
  indexes: [
    { name: 'by_account', fields: [['accountId', 1]] },
    { name: 'by_payment', fields: [['paymentId', 1]] },
  ],
  eventTypes: [...BUYBACK_EVENT_TYPES, ...PAYMENT_EVENTS_ON_BUYBACKS],
  targets: (event) => (isPaymentEvent(event) ? paymentTargets<BuybackHistoryDocument>(event) : [BUYBACK_STREAMS.buyback.idOf(event.streamName)]),
  evolve(document, stored, id) {
    if (isPaymentEvent(stored)) return document && withPaymentStep(document, stored);
    const event = toDomainEvent<BuybackEvent>(stored);
    if (document === null && event.type !== 'BuybackRegistered') return null;
    const statePath = statePathAfter(document?.statePath ?? null, event);
    const statusBefore = document ? statusOfPath(document.statePath) : null;
    const statusAfter = statusOfPath(statePath);
    const current = document?.current ?? {};
    const tracked = trackedValues(event);
    const changes: HistoryEntry['changes'] = { status: { from: statusBefore, to: statusAfter } };
    for (const field in tracked) {
      const before = current[field] ?? null;
      if (!sameJson(before, tracked[field])) changes[field] = { from: before, to: tracked[field] };
    }
    const entry = entryOf(stored, event.type, statusBefore, statusAfter, why(event), changes);
    return {
      _id: id,
      accountId: document?.accountId ?? stored.metadata.accountId,
      statePath,
      current: { ...current, ...tracked },
      entries: [...(document?.entries ?? []), entry],
    };
  },
};

/**
 * A step of the buyback's payment, told in the buyback's history: its status
 * before and after (the buyback's own stays), and why (a failure's code, a
 * relaunch's reason, what the operator said when marking it paid).
 */
function withPaymentStep(document: BuybackHistoryDocument, stored: StoredEvent): BuybackHistoryDocument {
  const event = toDomainEvent<PaymentEvent>(stored);
  const before = (document.current.payment as ReturnType<typeof paymentAfter>) ?? null;
  const after = paymentAfter(before, event);
  if (after === null) return document;
  const status = statusOfPath(document.statePath);
  const changes: HistoryEntry['changes'] = {};
  if (before?.status !== after.status) changes.paymentStatus = { from: before?.status ?? null, to: after.status };
  if (event.type === 'PaymentCreated') changes.paymentAmount = { from: null, to: after.amount };
  if ((before?.voucherCode ?? null) !== after.voucherCode) changes.voucherCode = { from: before?.voucherCode ?? null, to: after.voucherCode };
  if (event.type === 'PaymentClaimRecorded') changes.claimedAmount = { from: null, to: event.data.claimedAmount };
  const entry = entryOf(stored, event.type, status, status, paymentWhy(event), changes);
  return { ...document, paymentId: after.id, current: { ...document.current, payment: after }, entries: [...document.entries, entry] };
}

/** One entry of the history: what happened, when, who, the status before and after, why, and what changed. */
function entryOf(
  stored: StoredEvent,
  type: HistoryEntry['type'],
  statusBefore: HistoryEntry['statusBefore'],
  statusAfter: HistoryEntry['statusAfter'],
  { reason, comment }: { reason: string | null; comment: string | null },
  changes: HistoryEntry['changes'],
): HistoryEntry {
  const { occurredAt: at, userId, organizationId } = stored.metadata;
  return { eventId: stored.id, revision: stored.streamRevision, type, at, userId, organizationId, statusBefore, statusAfter, reason, comment, changes };
}

function paymentWhy(event: PaymentEvent): { reason: string | null; comment: string | null } {
  switch (event.type) {
    case 'PaymentFailed':
      return { reason: event.data.reasonCode, comment: event.data.message };
    case 'PaymentRelaunched':
      return { reason: null, comment: event.data.reason };
    case 'PaymentMarkedAsPaid':
      return { reason: null, comment: event.data.information };
    case 'PaymentCancelled':
      return { reason: event.data.reason, comment: event.data.comment };
    case 'PaymentKeptOnBuybackCancellation':
      return { reason: null, comment: event.data.comment };
    case 'PaymentMarkedNotNeeded':
      return { reason: event.data.reason, comment: null };
    default:
      return { reason: null, comment: null };
  }
}

function why(event: BuybackEvent): { reason: string | null; comment: string | null } {
  switch (event.type) {
    case 'BuybackCancelled':
      return { reason: event.data.reason, comment: event.data.comment };
    case 'BuybackNewPriceProposed':
      return { reason: event.data.reason, comment: event.data.comment };
    case 'BuybackCompletedByPrice':
    case 'BuybackCompletedWithAbsorption':
      return { reason: null, comment: event.data.comment };
    case 'BuybackCompletedAfterLoss':
      return { reason: `lost_${event.data.place}`, comment: null };
    case 'BuybackPutOnHold':
      return { reason: event.data.reason, comment: null };
    case 'BuybackEdited':
      return { reason: 'edition', comment: event.data.reason };
    default:
      return { reason: null, comment: null };
  }
}

/** The non-personal values each event sets. */
function trackedValues(event: BuybackEvent): Record<string, unknown> {
  switch (event.type) {
    case 'BuybackRegistered':
      return {
        declaredPrice: event.data.declaredPrice,
        responses: event.data.responses,
        grade: event.data.grade,
        paymentStatus: event.data.paymentStatus,
        storeId: event.data.storeId,
        warehouseId: event.data.warehouseId,
        // Which dispatch rule chose the warehouse (or the account's default): the history says so.
        ...(event.data.dispatch ? { dispatchedBy: event.data.dispatch.by, dispatchRule: event.data.dispatch.ruleTitle } : {}),
      };
    case 'BuybackFinalizedInStore':
      return { storeId: event.data.storeId };
    case 'BuybackShipped':
      return { trackingNumber: event.data.trackingNumber, trackingLink: event.data.trackingLink };
    case 'BuybackCheckedIn':
      return { warehouseId: event.data.warehouseId };
    case 'BuybackCompletedByPrice':
      return { controlledPrice: event.data.controlledPrice, validatedPrice: event.data.validatedPrice };
    case 'BuybackCompletedWithAbsorption':
      return {
        controlledPrice: event.data.controlledPrice,
        absorbedAmount: event.data.absorbedAmount,
        validatedPrice: event.data.validatedPrice,
      };
    case 'BuybackNewPriceProposed':
      return { proposedPrice: event.data.proposedPrice, controlledPrice: event.data.controlledPrice };
    case 'BuybackNewPriceAccepted':
      return { validatedPrice: event.data.validatedPrice, proposalDecision: 'accepted' };
    case 'BuybackNewPriceRejected':
      return { proposalDecision: 'rejected' };
    case 'BuybackCompleted':
      return { validatedPrice: event.data.validatedPrice };
    case 'BuybackCompletedAfterLoss':
      return { validatedPrice: event.data.validatedPrice, lostPlace: event.data.place };
    case 'BuybackPutOnHold':
      return { onHold: event.data.reason };
    case 'BuybackHoldLifted':
      return { onHold: null };
    case 'BuybackCancelled':
      return { paymentStatus: event.data.paymentStatus, cancelReason: event.data.reason, forced: event.data.forced };
    case 'BuybackPacked':
      return { packageNumber: event.data.packageNumber };
    case 'BuybackUnpacked':
      return { packageNumber: null };
    case 'BuybackReceivedFromStore':
      // Who received it is the entry's user; where, its warehouse; the package it left, if any.
      return { warehouseId: event.data.warehouseId, packageNumber: null, leftPackage: event.data.packageNumber };
    case 'BuybackShipmentTracked':
      return { trackingNumber: event.data.trackingNumber, trackingLink: event.data.trackingLink, carrier: event.data.carrier };
    case 'BuybackDeliveryStatusChanged':
      return { deliveryStatus: event.data.status };
    case 'BuybackEdited': {
      // The customer's corrected fields by name only (their values are personal data); the answers by their ids.
      const declaration = event.data.declaration;
      return {
        ...(event.data.customerFields.length > 0 ? { customerFields: event.data.customerFields } : {}),
        ...(declaration ? { responses: declaration.responses, grade: declaration.grade, declaredPrice: declaration.declaredPrice } : {}),
      };
    }
    default: {
      const unknown: never = event;
      throw new Error(`Unhandled event ${JSON.stringify(unknown)}`);
    }
  }
}
