import type { CustomerData } from '../../../application/buybacks/read-models.js';
import type { CategoryNodeView } from '../../../application/catalog/catalog-views.js';
import type { Money } from '../format/format.js';

/**
 * The API's answers the buyback path reads, as the routes present them
 * (infrastructure/http/routes/catalog-routes.ts and buyback-routes.ts).
 */

export type Grade = 'functional' | 'grade_a' | 'grade_b' | 'grade_c' | 'grade_d' | 'grade_e';

export interface Product {
  id: string;
  label: string;
  brand: string;
  model: string;
  ean: string | null;
  tacCodes: string[];
  categoryId: string;
  status: 'draft' | 'published';
  simple: boolean;
  currency: string;
  /** Cents per state; null: not bought back in that state. */
  prices: Partial<Record<Grade, number | null>>;
  isCollectingImei: boolean;
  imageUrl: string | null;
}

export interface ProductPage {
  items: Product[];
  totalItems: number;
  page: number;
  itemsPerPage: number;
}

export type CategoryNode = CategoryNodeView;

export interface DiagnosticAnswer {
  id: string;
  title: string;
  description: string | null;
}

export interface DiagnosticQuestion {
  id: string;
  categoryId: string;
  title: string;
  howToTest: string | null;
  description: string | null;
  type: 'unique' | 'multiple';
  answers: DiagnosticAnswer[];
}

export interface DiagnosticResponse {
  questionId: string;
  answerIds: string[];
}

export interface Circuit {
  id: string;
  name: string;
  circuitType: string;
  channel: 'store' | 'web';
  deposit: 'collect' | 'drop' | 'drop_label' | 'post';
  description: string | null;
  shippingMethodIds: string[];
  paymentModeIds: string[];
}

export interface ShippingMethod {
  id: string;
  channel: 'store' | 'web';
  label: string;
  shippingType: string;
  description: string | null;
  availableCountries: string[];
}

export interface PaymentMode {
  id: string;
  paymentType: 'bank_transfer' | 'voucher' | 'gift_card' | string;
  label: string;
  description: string | null;
}

export interface BuybackOptions {
  channel: 'store' | 'web';
  circuits: Circuit[];
  shippingMethods: ShippingMethod[];
  paymentModes: PaymentMode[];
}

export interface Estimate {
  productId: string;
  grade: Grade;
  price: Money;
}

/** The create answer (201). */
export interface CreatedBuyback {
  id: string;
  identificationNumber: string;
  status: string;
  revision: number;
}

/** The customer object of the create body: the customer data the server validates and keeps (application/buybacks/customer-validation.ts). */
export type CustomerPayload = CustomerData;

export interface CreateBuybackBody {
  productId: string;
  responses: DiagnosticResponse[];
  imei: string | null;
  acceptUnknownImei: boolean;
  customer: CustomerPayload;
  circuitId: string;
  shippingMethodId: string;
  paymentModeId: string;
}
