import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buybackKeys, itemKeys, stockKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';

/** A command on one item, as its dialog sends it. */
export interface ItemCommandInput<Body> {
  id: string;
  /** The ETag of the item the user decided on: a change since then answers 412. */
  etag: string | null;
  body: Body;
  idempotencyKey: string;
}

/** POST /api/items/{id}/{action}, with If-Match and an Idempotency-Key. */
export function sendItemCommand<Body>(action: string, input: ItemCommandInput<Body>): Promise<CommandAnswer> {
  return api
    .post<CommandAnswer>(`/items/${input.id}/${action}`, input.body, { ifMatch: input.etag, idempotencyKey: input.idempotencyKey })
    .then((response) => response.data);
}

/**
 * A command on an item moves it (its detail, history and lists), the stocks'
 * quantities, and its buyback (the process manager follows): all refreshed.
 */
export function useItemCommand<Body>(send: (input: ItemCommandInput<Body>) => Promise<CommandAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: itemKeys.all }),
        queryClient.invalidateQueries({ queryKey: stockKeys.all }),
        queryClient.invalidateQueries({ queryKey: buybackKeys.all }),
      ]),
  });
}
