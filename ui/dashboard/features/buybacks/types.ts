import { CANCEL_REASONS, type CancelReason } from '../../../../domain/buybacks/events';
import { BUYBACK_STATUSES, type BuybackStatus } from '../../../../domain/buybacks/state';
import type { CustomerData } from '../../../../application/buybacks/read-models';
import type { BuybackReferences, BuybackView, HistoryView, ListPage } from '../../../../application/buybacks/buyback-views';

// The screens read the shapes the server sends: the domain's statuses and reasons, the API's views.
export { BUYBACK_STATUSES, CANCEL_REASONS };
export type { BuybackReferences, BuybackStatus, CancelReason, CustomerData };

/** GET /api/buybacks/{id} (and each row of the list). */
export type Buyback = BuybackView;

export type BuybackListPage = ListPage<Buyback>;

/** GET /api/buybacks/{id}/history: one entry per event. */
export type HistoryEntry = HistoryView;

export function isCustomerData(customer: Buyback['customer']): customer is CustomerData {
  return !('forgotten' in customer);
}
