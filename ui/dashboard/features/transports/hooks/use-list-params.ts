import { useListParams } from '../../../hooks/use-list-params';
import { transportList, type TransportListParams } from '../list-params';

/** The transports list's filters, sort and page: in the URL and, per user, in local storage (see hooks/use-list-params). */
export function useTransportListParams(): [TransportListParams, (next: TransportListParams) => void] {
  return useListParams(transportList);
}
