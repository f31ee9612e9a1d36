import { lastListSearch as lastSearchOf, useListParams } from '../../../hooks/use-list-params';
import { clientList, type ClientListParams } from '../list-params';

/** The clients list's filters, sort and page: in the URL and, per user, in local storage. */
export function useClientListParams(): [ClientListParams, (next: ClientListParams) => void] {
  return useListParams(clientList);
}

/** The list as last shown, for the way back from a client's form. */
export function lastClientListSearch(): string {
  return lastSearchOf(clientList.name);
}
