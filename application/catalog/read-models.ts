/**
 * The catalogue's read models: what its projections write and its queries
 * (and other parts) read. Types and collection names only.
 */
import type {
  CategoryCreated,
  CircuitConfigured,
  DiagnosticQuestionCreated,
  PaymentModeConfigured,
  ProductCreated,
  ShippingMethodConfigured,
} from '../../domain/catalog/events.js';

type Doc<T> = T & { _id: string; [key: string]: unknown };

export const CATALOG_COLLECTIONS = {
  categories: 'categories',
  products: 'products',
  questions: 'diagnostic_questions',
  circuits: 'circuits',
  shippingMethods: 'shipping_methods',
  paymentModes: 'payment_modes',
} as const;

/** A category with every change applied; `revision` is its stream's (the ETag of GET /categories/{id}); an archived one stays, a deleted one goes. */
export type CategoryDocument = Doc<
  CategoryCreated['data'] & { accountId: string; status: 'active' | 'archived'; archivedAt: string | null; createdAt: string; updatedAt: string; revision: number }
>;
/** A product with every change applied; `revision` is its stream's (the ETag of GET /products/{id}). */
export type ProductDocument = Doc<ProductCreated['data'] & { accountId: string; searchText: string; createdAt: string; updatedAt: string; revision: number }>;
/** A question with every change applied; `revision` is its stream's (the ETag of GET /diagnostic-questions/{id}); a deleted one goes. */
export type QuestionDocument = Doc<DiagnosticQuestionCreated['data'] & { accountId: string; createdAt: string; updatedAt: string; revision: number }>;
/** A circuit with every change applied; `revision` is its stream's (the ETag of GET /circuits/{id}); `customerBonusInCents` the pricing adds. */
export type CircuitDocument = Doc<CircuitConfigured['data'] & { accountId: string; createdAt: string; updatedAt: string; revision: number }>;
export type ShippingMethodDocument = Doc<ShippingMethodConfigured['data'] & { accountId: string }>;
/** A payment mode's latest configuration; `revision` is its stream's (the ETag of GET /payment-modes/{id}). */
export type PaymentModeDocument = Doc<PaymentModeConfigured['data'] & { accountId: string; createdAt: string; updatedAt: string; revision: number }>;
