import { CANCEL_REASONS, type CancelReason } from '../../../../domain/buybacks/events';
import { BUYBACK_STATUSES, type BuybackStatus } from '../../../../domain/buybacks/state';
import type { BuybackReferences, BuybackView, CustomerView, HistoryView, ListPage } from '../../../../application/buybacks/buyback-views';

// The screens read the shapes the server sends: the domain's statuses and reasons, the API's views.
export { BUYBACK_STATUSES, CANCEL_REASONS };
export type { BuybackReferences, BuybackStatus, CancelReason, CustomerView };

/** GET /api/buybacks/{id} (and each row of the list). */
export type Buyback = BuybackView;

export type BuybackListPage = ListPage<Buyback>;

/** GET /api/buybacks/{id}/history: one entry per event. */
export type HistoryEntry = HistoryView;

export function isCustomerData(customer: Buyback['customer']): customer is CustomerView {
  return !('forgotten' in customer);
}
