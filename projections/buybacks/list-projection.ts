import type { StoredEvent } from '../../application/ports/event-store.js';
import type { Projection } from '../../application/ports/projection.js';
import type { IndexSpec, SortSpec } from '../../application/ports/document-store.js';
import { FORGOTTEN, isForgotten } from '../../application/ports/personal-data.js';
import { domainTypeOf, toDomainEvent } from '../../application/events/codec.js';
import { BUYBACK_EVENT_TYPES, type BuybackEvent } from '../../domain/buybacks/events.js';
import { statePathAfter, statusOfPath } from '../../domain/buybacks/machine.js';
import type { CustomerForgotten } from '../../domain/buybacks/customer-events.js';
import { BUYBACKS_COLLECTION, type BuybackDocument, type CustomerData } from '../../application/buybacks/read-models.js';
import { BUYBACK_STREAMS } from '../../application/buybacks/streams.js';
import { CUSTOMER_NAME_KEY_INDEXES, customerNameKeysOf, FORGOTTEN_NAME_KEYS } from '../../application/buybacks/customer-name-read-model.js';
import type { PaymentEvent } from '../../domain/payments/events.js';
import { isPaymentEvent, paymentAfter, paymentTargets, PAYMENT_EVENTS_ON_BUYBACKS } from './payment-changes.js';


type Handled = BuybackEvent | CustomerForgotten;


/** by_account[_store|_warehouse|_buyer][_status][_channel]_created: the equality prefixes the list filters produce. */
function listIndexes(): IndexSpec[] {
  const scopes: Array<string | null> = [null, 'storeId', 'warehouseId', 'buyerId'];
  const indexes: IndexSpec[] = [];
  for (const scope of scopes) {
    for (const status of [false, true]) {
      for (const channel of [false, true]) {
        // A warehouse and a buyer receive both channels alike.
        if ((scope === 'warehouseId' || scope === 'buyerId') && channel) continue;
        const fields: SortSpec = [['accountId', 1]];
        if (scope) fields.push([scope, 1]);
        if (status) fields.push(['status', 1]);
        if (channel) fields.push(['channel', 1]);
        fields.push(['createdAt', -1]);
        const name = ['by_account', scope && scope.replace('Id', ''), status && 'status', channel && 'channel', 'created'].filter(Boolean).join('_');
        indexes.push({ name, fields });
      }
    }
  }
  return indexes;
}

/** The buyback list and detail: one document per buyback. */
export const buybacksProjection: Projection<BuybackDocument> = {
  name: 'buybacks',
  collection: BUYBACKS_COLLECTION,
  readsPersonalData: true,
  // Lists always filter by tenant (accountId) and sort by createdAt; each combination of the common
  // equality filters (store, status, channel, warehouse, buyer) has an index whose prefix is exactly
  // those fields, so a page is an index seek and a (capped) count never reads documents; an export's
  // batches seek the same index from the last row read. Platform staff list across tenants (by_created).
  indexes: [
    { name: 'by_created', fields: [['createdAt', -1]] },
    ...listIndexes(),
    { name: 'by_identification_number', fields: [['identificationNumber', 1]], unique: true },
    { name: 'by_customer_subject', fields: [['customerSubjectId', 1]] },
    { name: 'by_payment', fields: [['paymentId', 1]] },
    // The customer-name filters: a name typed whole is an equality, its newest matches in index order; its start a range.
    ...CUSTOMER_NAME_KEY_INDEXES.map(([path, name]): IndexSpec => ({ name, fields: [['accountId', 1], [path, 1], ['createdAt', -1]] })),
  ],
  eventTypes: [...BUYBACK_EVENT_TYPES, 'CustomerForgotten', ...PAYMENT_EVENTS_ON_BUYBACKS],
  targets(event) {
    if (isPaymentEvent(event)) return paymentTargets<BuybackDocument>(event);
    if (domainTypeOf(event) === 'CustomerForgotten') {
      const { subjectId } = event.data as CustomerForgotten['data'];
      return { filter: { customerSubjectId: subjectId }, matches: (document) => document.customerSubjectId === subjectId };
    }
    return [BUYBACK_STREAMS.buyback.idOf(event.streamName)];
  },
  evolve(document, stored) {
    const event = toDomainEvent<Handled>(stored);
    if (event.type === 'CustomerForgotten') {
      // Not a change of the buyback itself: keep its revision and dates.
      return document && { ...document, customer: FORGOTTEN, customerSearch: null, ...FORGOTTEN_NAME_KEYS };
    }
    if (isPaymentEvent(stored)) {
      // Its payment moved: not a change of the buyback's own stream (its revision, the ETag, and its dates stay).
      if (document === null) return null;
      const payment = paymentAfter(document.payment ?? null, toDomainEvent<PaymentEvent>(stored));
      return payment === null ? document : { ...document, payment, paymentId: payment.id, paymentStatus: payment.status };
    }
    const statePath = statePathAfter(document?.statePath ?? null, event);
    if (event.type === 'BuybackRegistered') return registered(event.data, stored, statePath);
    if (document === null) return null;
    // One copy of the document per event: what every event changes, then what this one changes.
    return {
      ...document,
      statePath,
      status: statusOfPath(statePath),
      updatedAt: stored.metadata.occurredAt,
      revision: stored.streamRevision,
      ...changesOf(event, document, stored.metadata.occurredAt),
    };
  },
};

/** The fields a buyback event changes besides its state, date and revision. */
function changesOf(event: Exclude<BuybackEvent, { type: 'BuybackRegistered' }>, document: BuybackDocument, at: string): Partial<BuybackDocument> {
  switch (event.type) {
    case 'BuybackFinalizedInStore':
      return { storeId: event.data.storeId };
    case 'BuybackShipped':
      return { tracking: { number: event.data.trackingNumber, link: event.data.trackingLink } };
    case 'BuybackCheckedIn':
    case 'BuybackPutOnHold':
    case 'BuybackHoldLifted':
      return {};
    case 'BuybackCompletedByPrice':
      return { controlledPrice: event.data.controlledPrice, validatedPrice: event.data.validatedPrice };
    case 'BuybackCompletedWithAbsorption':
      return {
        controlledPrice: event.data.controlledPrice,
        validatedPrice: event.data.validatedPrice,
        absorbedAmount: event.data.absorbedAmount,
      };
    case 'BuybackNewPriceProposed':
      return {
        controlledPrice: event.data.controlledPrice,
        proposal: {
          previousPrice: event.data.previousPrice,
          proposedPrice: event.data.proposedPrice,
          reason: event.data.reason,
          comment: event.data.comment,
          decision: 'pending',
          proposedAt: at,
          decidedAt: null,
        },
      };
    case 'BuybackNewPriceAccepted':
      return {
        validatedPrice: event.data.validatedPrice,
        proposal: document.proposal && { ...document.proposal, decision: 'accepted', decidedAt: at },
      };
    case 'BuybackNewPriceRejected':
      return { proposal: document.proposal && { ...document.proposal, decision: 'rejected', decidedAt: at } };
    case 'BuybackCompleted':
    case 'BuybackCompletedAfterLoss':
      return { validatedPrice: event.data.validatedPrice };
    case 'BuybackCancelled':
      return {
        paymentStatus: event.data.paymentStatus,
        cancellation: { reason: event.data.reason, comment: event.data.comment, forced: event.data.forced, at },
      };
    case 'BuybackPacked':
      return { package: { id: event.data.packageId, number: event.data.packageNumber } };
    case 'BuybackUnpacked':
      return document.package?.id === event.data.packageId ? { package: null } : {};
    case 'BuybackReceivedFromStore':
      // Received at the warehouse from its store (a reconciliation): out of the package it waited in.
      return { package: null };
    case 'BuybackShipmentTracked':
      return { tracking: { number: event.data.trackingNumber, link: event.data.trackingLink, carrier: event.data.carrier } };
    case 'BuybackDeliveryStatusChanged':
      return { deliveryStatus: event.data.status };
    case 'BuybackEdited':
      return { ...editedCustomer(event.data.customer, document), ...(event.data.declaration ? editedDeclaration(event.data.declaration) : {}) };
    default: {
      const unknown: never = event;
      throw new Error(`Unhandled event ${JSON.stringify(unknown)}`);
    }
  }
}

/** The customer with the corrected fields (revealed by the runner: a forgotten subject's stay forgotten). */
function editedCustomer(changes: unknown, document: BuybackDocument): Partial<BuybackDocument> {
  if (changes === null || isForgotten(document.customer)) return {};
  if (isForgotten(changes)) return { customer: FORGOTTEN, customerSearch: null, ...FORGOTTEN_NAME_KEYS };
  const customer: CustomerData = { ...document.customer, ...(changes as Partial<CustomerData>) };
  return { customer, customerSearch: `${customer.firstName} ${customer.lastName}`.toLowerCase(), ...customerNameKeysOf(customer) };
}

function editedDeclaration(declaration: NonNullable<Extract<BuybackEvent, { type: 'BuybackEdited' }>['data']['declaration']>): Partial<BuybackDocument> {
  return { responses: declaration.responses, grade: declaration.grade, declaredPrice: declaration.declaredPrice };
}

function registered(
  data: Extract<BuybackEvent, { type: 'BuybackRegistered' }>['data'],
  stored: StoredEvent,
  statePath: string,
): BuybackDocument {
  const customer = data.customer as unknown as CustomerData | typeof FORGOTTEN;
  return {
    _id: data.buybackId,
    accountId: stored.metadata.accountId,
    organizationId: stored.metadata.organizationId,
    identificationNumber: data.identificationNumber,
    statePath,
    status: statusOfPath(statePath),
    channel: data.channel,
    storeId: data.storeId,
    warehouseId: data.warehouseId,
    buyerId: data.buyerId,
    circuit: data.circuit,
    shippingMethodId: data.shippingMethodId,
    paymentMode: data.paymentMode,
    paymentStatus: data.paymentStatus,
    product: data.product,
    grade: data.grade,
    responses: data.responses,
    imei: data.imei,
    declaredPrice: data.declaredPrice,
    pricing: data.pricing,
    controlledPrice: null,
    validatedPrice: null,
    absorbedAmount: null,
    proposal: null,
    tracking: null,
    package: null,
    dispatch: data.dispatch,
    deliveryStatus: null,
    cancellation: null,
    customerSubjectId: data.customerSubjectId,
    customer,
    customerLocale: data.customerLocale,
    customerSearch: isForgotten(customer) ? null : `${customer.firstName} ${customer.lastName}`.toLowerCase(),
    ...customerNameKeysOf(customer),
    createdAt: stored.metadata.occurredAt,
    createdBy: stored.metadata.userId,
    updatedAt: stored.metadata.occurredAt,
    revision: stored.streamRevision,
  };
}
