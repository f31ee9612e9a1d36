import { useListParams } from '../../../hooks/use-list-params';
import { quarantineList, type QuarantineListParams } from '../list-params';

/** The quarantine list's filters, sort and page: in the URL and, per user, in local storage. */
export function useQuarantineListParams(): [QuarantineListParams, (next: QuarantineListParams) => void] {
  return useListParams(quarantineList);
}
