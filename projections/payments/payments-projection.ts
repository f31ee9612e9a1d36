import type { StoredEvent } from '../../application/ports/event-store.js';
import type { Projection } from '../../application/ports/projection.js';
import { toDomainEvent } from '../../application/events/codec.js';
import { PAYMENT_EVENT_TYPES, type PaymentCreated, type PaymentEvent } from '../../domain/payments/events.js';
import { paymentStatusAfter } from '../../domain/payments/machine.js';
import type { AttemptOutcome, PaymentAttempt } from '../../domain/payments/state.js';
import { amountKeyOf, PAYMENT_COLLECTIONS, type PaymentDocument } from '../../application/payments/read-models.js';
import { PAYMENT_STREAMS } from '../../application/payments/streams.js';
import { PAYMENT_SEARCH_INDEXES } from '../../application/payments/payment-search-read-model.js';

/** The payment search and detail: one document per payment. */
export const paymentsProjection: Projection<PaymentDocument> = {
  name: 'payments',
  collection: PAYMENT_COLLECTIONS.payments,
  indexes: [
    // The search's (application/payments/payment-search-read-model.ts), led by the tenant; platform staff search across tenants by creation.
    ...PAYMENT_SEARCH_INDEXES,
    { name: 'by_created', fields: [['createdAt', -1], ['_id', -1]] },
    { name: 'by_identification_number', fields: [['identificationNumber', 1]] },
    // One payment per buyback (its id follows from the buyback's): the customer-name search and the buyback's view find it by this.
    { name: 'by_buyback', fields: [['buybackId', 1]], unique: true },
  ],
  eventTypes: PAYMENT_EVENT_TYPES,
  targets: (event) => [PAYMENT_STREAMS.payment.idOf(event.streamName)],
  evolve(document, stored) {
    const event = toDomainEvent<PaymentEvent>(stored);
    const at = stored.metadata.occurredAt;
    if (event.type === 'PaymentCreated') return document ?? created(event.data, stored);
    if (document === null) return null;
    const status = paymentStatusAfter(document.status, event);
    const changes = changesOf(event, document, at);
    return {
      ...document,
      ...changes,
      status,
      statusSince: status === document.status ? document.statusSince : at,
      // Why it failed, only while it is failed.
      failure: status === 'payment_failed' ? (changes.failure ?? document.failure) : null,
      updatedAt: at,
      revision: stored.streamRevision,
    };
  },
};

function created(data: PaymentCreated['data'], stored: StoredEvent): PaymentDocument {
  const at = stored.metadata.occurredAt;
  const first: PaymentAttempt = { number: 1, outcome: 'pending', providerReference: null, transferFileId: null, failure: null, relaunchReason: null };
  return {
    _id: data.paymentId,
    accountId: data.accountId,
    buybackId: data.buybackId,
    identificationNumber: data.buyback.identificationNumber,
    organizationId: data.buyback.organizationId,
    storeId: data.buyback.storeId,
    warehouseId: data.buyback.warehouseId,
    buyerId: data.buyback.buyerId,
    origin: data.origin,
    paymentModeId: data.paymentModeId,
    type: data.paymentType,
    provider: data.provider,
    status: paymentStatusAfter(null, { type: 'PaymentCreated', data }),
    validatedPrice: data.validatedPrice,
    modifier: data.modifier,
    amount: data.amount,
    amountInCents: data.amount.amountInCents,
    amountKey: amountKeyOf(data.amount.amountInCents),
    providerReference: null,
    voucherCode: null,
    attempts: [first],
    failure: null,
    notNeededReason: null,
    paidInformation: null,
    claim: null,
    keptOnBuybackCancellation: false,
    transferFileId: null,
    createdAt: at,
    statusSince: at,
    paidAt: null,
    updatedAt: at,
    revision: stored.streamRevision,
  };
}

/** The fields an event changes besides the status, the failure's presence, the dates and the revision. */
function changesOf(event: Exclude<PaymentEvent, { type: 'PaymentCreated' }>, document: PaymentDocument, at: string): Partial<PaymentDocument> {
  switch (event.type) {
    case 'PaymentMarkedNotNeeded':
      return { notNeededReason: event.data.reason, attempts: ended(document, 'not_needed') };
    case 'PaymentInitiated': {
      const { attempt, providerReference, transferFileId } = event.data;
      return { providerReference, transferFileId, attempts: withAttempt(document, attempt, { outcome: 'initiated', providerReference, transferFileId }) };
    }
    case 'PaymentCompleted': {
      const providerReference = event.data.providerReference ?? document.providerReference;
      return { providerReference, paidAt: at, attempts: withAttempt(document, event.data.attempt, { outcome: 'completed', providerReference }) };
    }
    case 'PaymentMarkedAsPaid':
      return { paidInformation: event.data.information, paidAt: at, attempts: withAttempt(document, event.data.attempt, { outcome: 'completed' }) };
    case 'PaymentFailed': {
      const failure = { reasonCode: event.data.reasonCode, message: event.data.message };
      return { failure, attempts: withAttempt(document, event.data.attempt, { outcome: 'failed', failure }) };
    }
    case 'PaymentRelaunched': {
      const next: PaymentAttempt = {
        number: event.data.attempt,
        outcome: 'pending',
        providerReference: null,
        transferFileId: null,
        failure: null,
        relaunchReason: event.data.reason,
      };
      return { providerReference: null, transferFileId: null, attempts: [...document.attempts, next] };
    }
    case 'PaymentCancelled':
      return { attempts: ended(document, 'cancelled') };
    case 'PaymentKeptOnBuybackCancellation':
      return { keptOnBuybackCancellation: true };
    case 'PaymentVoucherIssued':
      return { voucherCode: event.data.voucherCode };
    case 'PaymentClaimRecorded': {
      const { acceptedPrice, owedAmount, claimedAmount } = event.data;
      return { claim: { acceptedPrice, owedAmount, claimedAmount } };
    }
    default: {
      const unknown: never = event;
      throw new Error(`Unhandled event ${JSON.stringify(unknown)}`);
    }
  }
}

function withAttempt(document: PaymentDocument, number: number, change: Partial<PaymentAttempt>): PaymentAttempt[] {
  return document.attempts.map((attempt) => (attempt.number === number ? { ...attempt, ...change } : attempt));
}

/** The latest attempt ends with `outcome` (a cancellation, nothing to pay). */
function ended(document: PaymentDocument, outcome: AttemptOutcome): PaymentAttempt[] {
  const latest = document.attempts.at(-1)?.number ?? 1;
  return withAttempt(document, latest, { outcome });
}
