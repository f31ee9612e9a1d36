import type { Projection } from '../../application/ports/projection.js';
import { toDomainEvent } from '../../application/events/codec.js';
import { PAYMENT_EVENT_TYPES, type PaymentEvent } from '../../domain/payments/events.js';
import { paymentStatusAfter } from '../../domain/payments/machine.js';
import { isGatewayProvider, PAYMENT_PROVIDER_QUEUE, type ProviderQueueDocument } from '../../application/payments/provider-queue-read-model.js';
import { PAYMENT_STREAMS } from '../../application/payments/streams.js';

/**
 * The payments an HTTP provider is to take up or has in hand: one document
 * per payment of a gateway provider, with its status; the worker selects the
 * created and failed ones. A payment that leaves the provider's hands (paid,
 * cancelled, not needed) keeps its document as a tombstone with that status:
 * deleted outright, it would lose its applied revisions, and a PaymentCreated
 * delivered again would bring it back as a payment to initiate.
 */
export const providerQueueProjection: Projection<ProviderQueueDocument> = {
  name: 'payment-provider-queue',
  collection: PAYMENT_PROVIDER_QUEUE,
  indexes: [{ name: 'by_status_since', fields: [['status', 1], ['statusSince', 1]] }],
  eventTypes: PAYMENT_EVENT_TYPES,
  targets: (event) => [PAYMENT_STREAMS.payment.idOf(event.streamName)],
  evolve(document, stored, id) {
    const event = toDomainEvent<PaymentEvent>(stored);
    const at = stored.metadata.occurredAt;
    if (event.type === 'PaymentCreated') {
      if (document || !isGatewayProvider(event.data.provider)) return document;
      return { _id: id, accountId: event.data.accountId, provider: event.data.provider, status: 'payment_created', attempt: 1, statusSince: at, revision: stored.streamRevision };
    }
    if (document === null) return null;
    const status = paymentStatusAfter(document.status, event);
    return {
      ...document,
      status,
      attempt: event.type === 'PaymentRelaunched' ? event.data.attempt : document.attempt,
      statusSince: status === document.status ? document.statusSince : at,
      revision: stored.streamRevision,
    };
  },
};
