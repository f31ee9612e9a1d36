import { lastListSearch as lastSearchOf, useListParams } from '../../../hooks/use-list-params';
import { paymentModeList, type PaymentModeListParams } from '../list-params';

/** The payment-mode list's filters, sort and page: in the URL and, per user, in local storage. */
export function usePaymentModeListParams(): [PaymentModeListParams, (next: PaymentModeListParams) => void] {
  return useListParams(paymentModeList);
}

/** The list as last shown, for the way back from a mode's form. */
export function lastPaymentModeListSearch(): string {
  return lastSearchOf(paymentModeList.name);
}
