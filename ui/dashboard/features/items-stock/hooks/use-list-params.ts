import { lastListSearch as lastSearchOf, useListParams } from '../../../hooks/use-list-params';
import { itemList, type ItemListParams } from '../list-params';

/** The items list's filters, sort and page: in the URL and, per user, in local storage. */
export function useItemListParams(): [ItemListParams, (next: ItemListParams) => void] {
  return useListParams(itemList);
}

/** The list as last shown, so the detail's way back returns to the same filtered page. */
export function lastItemListSearch(): string {
  return lastSearchOf(itemList.name);
}
