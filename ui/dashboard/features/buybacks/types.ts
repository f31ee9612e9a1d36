import type { Money } from '../../../shared/format/format';
import { CANCEL_REASONS, type CancelReason } from '../../../../domain/buyback/events';
import { BUYBACK_STATUSES, type BuybackStatus } from '../../../../domain/buyback/state';
import type { CustomerData } from '../../../../projections/buybacks/document';

// The statuses, cancellation reasons and customer fields are the domain's and the read model's own.
export { BUYBACK_STATUSES, CANCEL_REASONS };
export type { BuybackStatus, CancelReason, CustomerData };

/** GET /api/buybacks/{id} (and each row of the list). */
export interface Buyback {
  id: string;
  accountId: string;
  organizationId: string | null;
  identificationNumber: string;
  status: BuybackStatus;
  channel: 'store' | 'web';
  storeId: string | null;
  warehouseId: string;
  buyerId: string;
  circuit: { id: string; name: string; deposit: string };
  shippingMethodId: string;
  paymentMode: { id: string; type: string; label: string };
  paymentStatus: string;
  product: { productId: string; label: string; brand: string; categoryId: string; ean: string | null };
  grade: string;
  responses: Array<{ questionId: string; answerIds: string[] }>;
  imei: string | null;
  declaredPrice: Money;
  controlledPrice: Money | null;
  validatedPrice: Money | null;
  absorbedAmount: Money | null;
  proposal: {
    previousPrice: Money;
    proposedPrice: Money;
    reason: string;
    comment: string | null;
    decision: 'pending' | 'accepted' | 'rejected';
    proposedAt: string;
    decidedAt: string | null;
  } | null;
  tracking: { number: string | null; link: string | null } | null;
  cancellation: { reason: CancelReason; comment: string | null; forced: boolean; at: string } | null;
  /** The customer's data, or a marker once the customer was forgotten. */
  customer: CustomerData | { forgotten: true };
  customerForgotten: boolean;
  awaitingCustomerDecision: boolean;
  createdAt: string;
  createdBy: string | null;
  updatedAt: string;
  revision: number;
}

export interface BuybackListPage {
  items: Buyback[];
  /** Exact up to 10,000; then 10,000 with totalItemsIsLowerBound. */
  totalItems: number | null;
  totalItemsIsLowerBound: boolean;
  hasNextPage: boolean;
  page: number;
  itemsPerPage: number;
}

/** GET /api/buybacks/{id}/history: one entry per event. */
export interface HistoryEntry {
  eventId: string;
  revision: number;
  type: string;
  at: string;
  userId: string | null;
  organizationId: string | null;
  statusBefore: BuybackStatus | null;
  statusAfter: BuybackStatus;
  reason: string | null;
  comment: string | null;
  changes: Record<string, { from: unknown; to: unknown }>;
  user: { id: string; name: string } | null;
}

/** GET /api/buyback-references: the names behind the ids, and the filters' choices. */
export interface BuybackReferences {
  stores: Array<{ id: string; name: string }>;
  warehouses: Array<{ id: string; name: string }>;
  buyers: Array<{ id: string; name: string }>;
  circuits: Array<{ id: string; name: string; channel: string }>;
  categories: Array<{ id: string; label: string; parentId: string | null }>;
  shippingMethods: Array<{ id: string; label: string }>;
}

export function isCustomerData(customer: Buyback['customer']): customer is CustomerData {
  return !('forgotten' in customer);
}
