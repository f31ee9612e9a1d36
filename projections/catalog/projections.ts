import type {
  CategoryCreated,
  CircuitConfigured,
  DiagnosticQuestionCreated,
  PaymentModeConfigured,
  ProductCreated,
  ShippingMethodConfigured,
} from '../../domain/catalog/events.js';
import type { AccountOpened, OrganizationRegistered, UserRegistered } from '../../domain/organizations/events.js';
import { entityProjection } from './entity-projection.js';
import type {
  AccountDocument,
  CategoryDocument,
  CircuitDocument,
  OrganizationDocument,
  PaymentModeDocument,
  ProductDocument,
  QuestionDocument,
  ShippingMethodDocument,
  UserDocument,
} from './documents.js';

export const COLLECTIONS = {
  accounts: 'accounts',
  organizations: 'organizations',
  users: 'users',
  categories: 'categories',
  products: 'products',
  questions: 'diagnostic_questions',
  circuits: 'circuits',
  shippingMethods: 'shipping_methods',
  paymentModes: 'payment_modes',
} as const;

export const accountsProjection = entityProjection<AccountDocument, AccountOpened>({
  name: 'accounts',
  collection: COLLECTIONS.accounts,
  streamKind: 'account',
  eventTypes: ['AccountOpened'],
  indexes: [],
  fold: (_doc, event, stored) => ({ _id: event.data.accountId, ...event.data, createdAt: stored.metadata.occurredAt }),
});

export const organizationsProjection = entityProjection<OrganizationDocument, OrganizationRegistered>({
  name: 'organizations',
  collection: COLLECTIONS.organizations,
  streamKind: 'organization',
  eventTypes: ['OrganizationRegistered'],
  indexes: [{ name: 'by_account_type', fields: [['accountId', 1], ['type', 1], ['commonName', 1]] }],
  fold: (_doc, event, stored) => ({ _id: event.data.organizationId, ...event.data, createdAt: stored.metadata.occurredAt }),
});

export const usersProjection = entityProjection<UserDocument, UserRegistered>({
  name: 'users',
  collection: COLLECTIONS.users,
  streamKind: 'user',
  eventTypes: ['UserRegistered'],
  indexes: [
    { name: 'by_email', fields: [['email', 1]], unique: true },
    { name: 'by_account', fields: [['accountId', 1], ['lastname', 1]] },
  ],
  fold: (_doc, event, stored) => ({
    _id: event.data.userId,
    ...event.data,
    email: event.data.email.toLowerCase(),
    createdAt: stored.metadata.occurredAt,
  }),
});

export const categoriesProjection = entityProjection<CategoryDocument, CategoryCreated>({
  name: 'categories',
  collection: COLLECTIONS.categories,
  streamKind: 'category',
  eventTypes: ['CategoryCreated'],
  indexes: [{ name: 'by_account_parent', fields: [['accountId', 1], ['parentId', 1], ['label', 1]] }],
  fold: (_doc, event, stored) => ({ _id: event.data.categoryId, accountId: stored.metadata.accountId, ...event.data }),
});

export const productsProjection = entityProjection<ProductDocument, ProductCreated>({
  name: 'products',
  collection: COLLECTIONS.products,
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
  collection: COLLECTIONS.questions,
  streamKind: 'diagnosticQuestion',
  eventTypes: ['DiagnosticQuestionCreated'],
  indexes: [{ name: 'by_account_category', fields: [['accountId', 1], ['categoryId', 1], ['position', 1]] }],
  fold: (_doc, event, stored) => ({ _id: event.data.questionId, accountId: stored.metadata.accountId, ...event.data }),
});

export const circuitsProjection = entityProjection<CircuitDocument, CircuitConfigured>({
  name: 'circuits',
  collection: COLLECTIONS.circuits,
  streamKind: 'circuit',
  eventTypes: ['CircuitConfigured'],
  indexes: [{ name: 'by_account_channel', fields: [['accountId', 1], ['channel', 1]] }],
  fold: (_doc, event, stored) => ({ _id: event.data.circuitId, accountId: stored.metadata.accountId, ...event.data }),
});

export const shippingMethodsProjection = entityProjection<ShippingMethodDocument, ShippingMethodConfigured>({
  name: 'shipping-methods',
  collection: COLLECTIONS.shippingMethods,
  streamKind: 'shippingMethod',
  eventTypes: ['ShippingMethodConfigured'],
  indexes: [{ name: 'by_account', fields: [['accountId', 1]] }],
  fold: (_doc, event, stored) => ({ _id: event.data.shippingMethodId, accountId: stored.metadata.accountId, ...event.data }),
});

export const paymentModesProjection = entityProjection<PaymentModeDocument, PaymentModeConfigured>({
  name: 'payment-modes',
  collection: COLLECTIONS.paymentModes,
  streamKind: 'paymentMode',
  eventTypes: ['PaymentModeConfigured'],
  indexes: [{ name: 'by_account', fields: [['accountId', 1]] }],
  fold: (_doc, event, stored) => ({ _id: event.data.paymentModeId, accountId: stored.metadata.accountId, ...event.data }),
});
