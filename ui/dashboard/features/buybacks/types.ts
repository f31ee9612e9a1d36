import type { BuybackView, CustomerView } from '@server/application/buybacks/buyback-views';

// The screens read the shapes the server sends: the domain's statuses and reasons, the API's views.
export { CANCEL_REASONS, type CancelReason } from '@server/domain/buybacks/events';
export { BUYBACK_STATUSES, type BuybackStatus } from '@server/domain/buybacks/state';
export type { LifecycleCommandType } from '@server/domain/buybacks/allowed-commands';
export type {
  BuybackPage as BuybackListPage,
  BuybackReferences,
  BuybackView as Buyback,
  CustomerView,
  HistoryView as HistoryEntry,
} from '@server/application/buybacks/buyback-views';

export function isCustomerData(customer: BuybackView['customer']): customer is CustomerView {
  return !('forgotten' in customer);
}
