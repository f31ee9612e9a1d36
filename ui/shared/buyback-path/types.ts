// Imports end in .js: the Node unit tests (tests/ui) type-check this file too, with NodeNext resolution.
import type { BuybackView } from '@server/application/buybacks/buyback-views.js';
import type { validateCustomer } from '@server/application/buybacks/customer-validation.js';
import type { MoneyView } from '@server/application/views/schema.js';
import type { CategoryNodeView, ProductPage as ProductPageView, ProductView } from '@server/application/catalog/catalog-views.js';

/**
 * What the buyback path sends: the body of a new buyback. What it reads are
 * the API's views (application/catalog/catalog-views.ts,
 * application/buybacks/buyback-views.ts), imported where they are read.
 */

/** One answer of the declaration, as the API takes it (and shows it back in a buyback). */
export type DiagnosticResponse = BuybackView['responses'][number];

/** The customer of the create body: what the server's own rules keep of the form (application/buybacks/customer-validation.ts). */
export type CustomerPayload = Extract<ReturnType<typeof validateCustomer>, { customer: unknown }>['customer'];

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

/** The names the catalogue screens give the views (ui/storefront/features/catalog, the product search). */
export type Product = ProductView;
export type ProductPage = ProductPageView;
export type CategoryNode = CategoryNodeView;

/** A registered buyback as its confirmation shows it: what the create answered, with what was chosen. */
export interface ConfirmedBuyback {
  id: string;
  identificationNumber: string;
  productLabel: string;
  price: MoneyView;
  shippingMethod: { label: string; description: string | null };
  paymentMode: { label: string };
  /** The registration's secret for the customer's documents (their label); none on the dashboard, whose staff are signed in. */
  documentsToken?: string | null;
}

