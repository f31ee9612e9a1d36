import type { Projection } from '../../application/ports/projection.js';
import { toDomainEvent } from '../../application/events/codec.js';
import { PAYMENT_STREAMS } from '../../application/payments/streams.js';
import { TRANSFER_ORDER_COLLECTION, type TransferOrderSettingsDocument } from '../../application/payments/transfer-order-read-model.js';
import {
  evolveTransferOrderSettings,
  NO_TRANSFER_ORDER_SETTINGS,
  TRANSFER_ORDER_SETTINGS_EVENT_TYPES,
  type TransferOrderSettingsEvent,
} from '../../domain/payments/transfer-order.js';

/** An account's transfer order text: one document per account, from its own events of the payment settings stream. */
export const transferOrderSettingsProjection: Projection<TransferOrderSettingsDocument> = {
  name: 'payment-transfer-order-settings',
  collection: TRANSFER_ORDER_COLLECTION,
  indexes: [],
  eventTypes: TRANSFER_ORDER_SETTINGS_EVENT_TYPES,
  targets: (event) => [PAYMENT_STREAMS.settings.idOf(event.streamName)],
  evolve(document, stored, id) {
    const event = toDomainEvent<TransferOrderSettingsEvent>(stored);
    const state = evolveTransferOrderSettings(document ? { customText: document.customText } : NO_TRANSFER_ORDER_SETTINGS, event);
    return { _id: id, accountId: id, customText: state.customText, updatedAt: stored.metadata.occurredAt, revision: stored.streamRevision };
  },
};
