import { lastListSearch as lastSearchOf, useListParams } from '../../../hooks/use-list-params';
import { paymentList, type PaymentListParams } from '../list-params';

/** The payment search's filters, sort and page: in the URL and, per user, in local storage. */
export function usePaymentListParams(): [PaymentListParams, (next: PaymentListParams) => void] {
  return useListParams(paymentList);
}

/** The search as last shown, so the detail's way back returns to the same filtered page. */
export function lastPaymentListSearch(): string {
  return lastSearchOf(paymentList.name);
}
