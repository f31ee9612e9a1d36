import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newIdempotencyKey } from '../../../../shared/api/client';
import { buybackKeys, itemKeys, stockKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';

export interface MoveToStockInput {
  itemId: string;
  stockId: string;
  reason: string;
  /** The revision the lookup read: a device changed meanwhile answers 412, never moved on stale facts. */
  etag: string | null;
}

/**
 * POST /api/items/{id}/move {stockId, reason}: the item's move command, one
 * item event with who and when. 422 ITEM_ALREADY_IN_STOCK, 409
 * ITEM_TRANSITION_NOT_ALLOWED ({status}), 404 STOCK_NOT_FOUND, 412 when the
 * device changed since it was read.
 */
export function moveToStock({ itemId, stockId, reason, etag }: MoveToStockInput): Promise<CommandAnswer> {
  return api
    .post<CommandAnswer>(`/items/${encodeURIComponent(itemId)}/move`, { stockId, reason }, { ifMatch: etag, idempotencyKey: newIdempotencyKey() })
    .then((response) => response.data);
}

/** A move changes the item, the stocks' quantities and the lists. */
export function useMoveToStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveToStock,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: itemKeys.all }),
        queryClient.invalidateQueries({ queryKey: stockKeys.all }),
        queryClient.invalidateQueries({ queryKey: buybackKeys.all }),
      ]),
  });
}
