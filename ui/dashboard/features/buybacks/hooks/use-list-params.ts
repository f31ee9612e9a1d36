import { lastListSearch as lastSearchOf, useListParams } from '../../../hooks/use-list-params';
import { buybackList, type BuybackListParams } from '../list-params';

/** The buyback list's filters, sort and page: in the URL and, per user, in local storage (see hooks/use-list-params). */
export function useBuybackListParams(): [BuybackListParams, (next: BuybackListParams) => void] {
  return useListParams(buybackList);
}

/** The list as last shown, so the detail's way back returns to the same filtered page. */
export function lastListSearch(): string {
  return lastSearchOf(buybackList.name);
}
