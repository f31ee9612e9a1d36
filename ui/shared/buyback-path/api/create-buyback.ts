import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { useAppEnvironment } from '../../app-environment';
import type { CreatedBuybackView } from '@server/application/buybacks/buyback-views';
import { buybackKeys } from '../../api/query-keys';
import type { CreateBuybackBody } from '../types';

/**
 * POST /web/buybacks (storefront visitor) or POST /store/{storeId}/buybacks
 * (store seller), always with an Idempotency-Key: the same key and body
 * replay the first answer instead of registering a second buyback.
 */
export function createBuyback(
  api: ApiClient,
  target: { channel: 'web' } | { channel: 'store'; storeId: string },
  body: CreateBuybackBody,
  idempotencyKey: string,
): Promise<CreatedBuybackView> {
  const path = target.channel === 'web' ? '/web/buybacks' : `/store/${encodeURIComponent(target.storeId)}/buybacks`;
  return api.post<CreatedBuybackView>(path, body, { idempotencyKey }).then((answer) => answer.data);
}

export interface CreateBuybackVariables {
  body: CreateBuybackBody;
  idempotencyKey: string;
}

/** Registers one buyback; every buyback query (the lists) is refreshed after it. */
export function useCreateBuyback() {
  const { api, channel, storeId } = useAppEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: CreateBuybackVariables) => {
      if (channel === 'store' && !storeId) throw new Error('A store buyback needs the seller’s store');
      return createBuyback(api, channel === 'web' ? { channel } : { channel, storeId: storeId as string }, body, idempotencyKey);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buybackKeys.all }),
  });
}
