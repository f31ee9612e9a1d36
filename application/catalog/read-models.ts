import type {
  CategoryCreated,
  CircuitConfigured,
  DiagnosticQuestionCreated,
  PaymentModeConfigured,
  ProductCreated,
  ShippingMethodConfigured,
} from '../../domain/catalog/events.js';
import type { AccountOpened, OrganizationRegistered, UserRegistered } from '../../domain/organizations/events.js';

type Doc<T> = T & { _id: string; [key: string]: unknown };

export type AccountDocument = Doc<AccountOpened['data'] & { createdAt: string }>;
export type OrganizationDocument = Doc<OrganizationRegistered['data'] & { createdAt: string }>;
export type UserDocument = Doc<UserRegistered['data'] & { createdAt: string }>;
export type CategoryDocument = Doc<CategoryCreated['data'] & { accountId: string }>;
export type ProductDocument = Doc<ProductCreated['data'] & { accountId: string; searchText: string; createdAt: string }>;
export type QuestionDocument = Doc<DiagnosticQuestionCreated['data'] & { accountId: string }>;
export type CircuitDocument = Doc<CircuitConfigured['data'] & { accountId: string }>;
export type ShippingMethodDocument = Doc<ShippingMethodConfigured['data'] & { accountId: string }>;
export type PaymentModeDocument = Doc<PaymentModeConfigured['data'] & { accountId: string }>;
