import type {
  PaymentModeConfigured,
  ShippingMethodConfigured,
} from '../../domain/catalog/events.js';
import {
  CATALOG_COLLECTIONS,
  type PaymentModeDocument,
  type ShippingMethodDocument,
} from '../../application/catalog/read-models.js';
import { entityProjection } from '../shared/entity-projection.js';
import { CATALOG_STREAMS } from '../../application/catalog/streams.js';

export { productsProjection } from './product-projection.js';

export { categoriesProjection, categoryImagesProjection } from './category-projection.js';

export { questionsProjection } from './question-projection.js';

export { circuitsProjection, dispatchCircuitRulesProjection } from './circuit-projection.js';

export const shippingMethodsProjection = entityProjection<ShippingMethodDocument, ShippingMethodConfigured>({
  name: 'shipping-methods',
  collection: CATALOG_COLLECTIONS.shippingMethods,
  stream: CATALOG_STREAMS.shippingMethod,
  eventTypes: ['ShippingMethodConfigured'],
  indexes: [{ name: 'by_account', fields: [['accountId', 1]] }],
  fold: (_doc, event, stored) => ({ _id: event.data.shippingMethodId, accountId: stored.metadata.accountId, ...event.data }),
});

export const paymentModesProjection = entityProjection<PaymentModeDocument, PaymentModeConfigured>({
  name: 'payment-modes',
  collection: CATALOG_COLLECTIONS.paymentModes,
  stream: CATALOG_STREAMS.paymentMode,
  eventTypes: ['PaymentModeConfigured'],
  indexes: [{ name: 'by_account', fields: [['accountId', 1]] }],
  // Each event is the whole configuration (v2, or v1 upcast): the document is the latest, with its first and last times.
  fold: (doc, event, stored) => ({
    _id: event.data.paymentModeId,
    accountId: stored.metadata.accountId,
    ...event.data,
    createdAt: doc?.createdAt ?? stored.metadata.occurredAt,
    updatedAt: stored.metadata.occurredAt,
    revision: stored.streamRevision,
  }),
});
