import type {
  CategoryCreated,
  CircuitConfigured,
  DiagnosticQuestionCreated,
  PaymentModeConfigured,
  ProductCreated,
  ShippingMethodConfigured,
} from '../../domain/catalog/events.js';
import {
  CATALOG_COLLECTIONS,
  type CategoryDocument,
  type CircuitDocument,
  type PaymentModeDocument,
  type ProductDocument,
  type QuestionDocument,
  type ShippingMethodDocument,
} from '../../application/catalog/read-models.js';
import { entityProjection } from '../shared/entity-projection.js';

export const categoriesProjection = entityProjection<CategoryDocument, CategoryCreated>({
  name: 'categories',
  collection: CATALOG_COLLECTIONS.categories,
  streamKind: 'category',
  eventTypes: ['CategoryCreated'],
  indexes: [{ name: 'by_account_parent', fields: [['accountId', 1], ['parentId', 1], ['label', 1]] }],
  fold: (_doc, event, stored) => ({ _id: event.data.categoryId, accountId: stored.metadata.accountId, ...event.data }),
});

export const productsProjection = entityProjection<ProductDocument, ProductCreated>({
  name: 'products',
  collection: CATALOG_COLLECTIONS.products,
  streamKind: 'product',
  eventTypes: ['ProductCreated'],
  indexes: [
    { name: 'by_account_status_label', fields: [['accountId', 1], ['status', 1], ['label', 1]] },
    { name: 'by_account_category', fields: [['accountId', 1], ['categoryId', 1]] },
    { name: 'by_account_ean', fields: [['accountId', 1], ['ean', 1]] },
  ],
  fold: (_doc, event, stored) => ({
    _id: event.data.productId,
    accountId: stored.metadata.accountId,
    ...event.data,
    searchText: [event.data.label, event.data.brand, event.data.model, event.data.ean ?? ''].join(' ').toLowerCase(),
    createdAt: stored.metadata.occurredAt,
  }),
});

export const questionsProjection = entityProjection<QuestionDocument, DiagnosticQuestionCreated>({
  name: 'diagnostic-questions',
  collection: CATALOG_COLLECTIONS.questions,
  streamKind: 'diagnosticQuestion',
  eventTypes: ['DiagnosticQuestionCreated'],
  indexes: [{ name: 'by_account_category', fields: [['accountId', 1], ['categoryId', 1], ['position', 1]] }],
  fold: (_doc, event, stored) => ({ _id: event.data.questionId, accountId: stored.metadata.accountId, ...event.data }),
});

export const circuitsProjection = entityProjection<CircuitDocument, CircuitConfigured>({
  name: 'circuits',
  collection: CATALOG_COLLECTIONS.circuits,
  streamKind: 'circuit',
  eventTypes: ['CircuitConfigured'],
  indexes: [{ name: 'by_account_channel', fields: [['accountId', 1], ['channel', 1]] }],
  fold: (_doc, event, stored) => ({ _id: event.data.circuitId, accountId: stored.metadata.accountId, ...event.data }),
});

export const shippingMethodsProjection = entityProjection<ShippingMethodDocument, ShippingMethodConfigured>({
  name: 'shipping-methods',
  collection: CATALOG_COLLECTIONS.shippingMethods,
  streamKind: 'shippingMethod',
  eventTypes: ['ShippingMethodConfigured'],
  indexes: [{ name: 'by_account', fields: [['accountId', 1]] }],
  fold: (_doc, event, stored) => ({ _id: event.data.shippingMethodId, accountId: stored.metadata.accountId, ...event.data }),
});

export const paymentModesProjection = entityProjection<PaymentModeDocument, PaymentModeConfigured>({
  name: 'payment-modes',
  collection: CATALOG_COLLECTIONS.paymentModes,
  streamKind: 'paymentMode',
  eventTypes: ['PaymentModeConfigured'],
  indexes: [{ name: 'by_account', fields: [['accountId', 1]] }],
  fold: (_doc, event, stored) => ({ _id: event.data.paymentModeId, accountId: stored.metadata.accountId, ...event.data }),
});
