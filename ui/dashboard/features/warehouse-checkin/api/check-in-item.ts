import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buybackKeys, itemKeys, stockKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';

export interface CheckInInput {
  code: string;
  /** The operator confirms they hold a device its store never shipped (after ITEM_STILL_IN_STORE). */
  reconcile?: boolean;
  idempotencyKey: string;
}

/**
 * POST /api/warehouse/check-ins {code, reconcile?}: the parcel a code names is
 * registered at the warehouse (its to-approve stock); its buyback follows. 409
 * ITEM_CHECKIN_STATUS_INVALID ({status}), ITEM_STILL_IN_STORE ({packageNumber}:
 * its store never shipped it; `reconcile` receives it from the store),
 * ITEM_CODE_AMBIGUOUS ({candidates}), WAREHOUSE_CHECKIN_DISABLED; 404
 * ITEM_CODE_NOT_RECOGNISED; 400 ITEM_CODE_*.
 */
export function checkInItem(input: CheckInInput): Promise<CommandAnswer> {
  const body = input.reconcile ? { code: input.code, reconcile: true } : { code: input.code };
  return api.post<CommandAnswer>('/warehouse/check-ins', body, { idempotencyKey: input.idempotencyKey }).then((response) => response.data);
}

/** A check-in moves the item, its buyback and the stocks' quantities. */
export function useCheckInItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkInItem,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: itemKeys.all }),
        queryClient.invalidateQueries({ queryKey: stockKeys.all }),
        queryClient.invalidateQueries({ queryKey: buybackKeys.all }),
      ]),
  });
}
