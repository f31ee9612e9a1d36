import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buybackKeys, itemKeys, stockKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';

export interface CheckInInput {
  code: string;
  idempotencyKey: string;
}

/**
 * POST /api/warehouse/check-ins {code}: the parcel a code names is registered
 * at the warehouse (its to-approve stock); its buyback follows. 409
 * ITEM_CHECKIN_STATUS_INVALID ({status}), ITEM_CODE_AMBIGUOUS ({candidates}),
 * WAREHOUSE_CHECKIN_DISABLED; 404 ITEM_CODE_NOT_RECOGNISED; 400 ITEM_CODE_*.
 */
export function checkInItem(input: CheckInInput): Promise<CommandAnswer> {
  return api.post<CommandAnswer>('/warehouse/check-ins', { code: input.code }, { idempotencyKey: input.idempotencyKey }).then((response) => response.data);
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
