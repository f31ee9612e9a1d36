import type { CheckedOutCartView } from '@server/application/buybacks/buyback-views';
import type { Static } from '@server/application/views/schema';
import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '../../../../shared/api/client';
import { useAppEnvironment } from '../../../../shared/app-environment';
import type { KeptDeclaration } from '../resumed-cart';

export type KeptCart = Static<typeof CheckedOutCartView>;

/**
 * POST /carts {buybacks} without the customer: the devices are checked
 * against the catalogue and kept on the server as a cart, to be checked out
 * later from /cart/{cartId}/checkout. A retry with the same key answers the
 * same cart.
 */
export function keepCart(api: ApiClient, buybacks: readonly KeptDeclaration[], idempotencyKey: string): Promise<KeptCart> {
  return api.post<KeptCart>('/carts', { buybacks }, { idempotencyKey }).then((answer) => answer.data);
}

export function useKeepCart() {
  const { api } = useAppEnvironment();
  return useMutation({
    mutationFn: ({ buybacks, idempotencyKey }: { buybacks: readonly KeptDeclaration[]; idempotencyKey: string }) => keepCart(api, buybacks, idempotencyKey),
  });
}
