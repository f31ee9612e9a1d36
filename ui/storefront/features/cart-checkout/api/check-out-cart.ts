import type { CartView, CheckedOutCartView } from '@server/application/buybacks/buyback-views';
import type { Static } from '@server/application/views/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, type ApiClient } from '../../../../shared/api/client';
import { buybackKeys, cartKeys } from '../../../../shared/api/query-keys';
import { useAppEnvironment } from '../../../../shared/app-environment';
import type { CustomerPayload } from '../../../../shared/buyback-path/types';
import { checkoutKeys } from '../checkout-key';

export type CheckedOutCart = Static<typeof CheckedOutCartView>;

/**
 * POST /carts/{cartId}/checkout {customer}: every device registered for the
 * customer in one go, or none; checking out again answers the same buybacks.
 */
export function checkOutCart(api: ApiClient, cartId: string, customer: CustomerPayload, idempotencyKey: string): Promise<CheckedOutCart> {
  return api.post<CheckedOutCart>(`/carts/${encodeURIComponent(cartId)}/checkout`, { customer }, { idempotencyKey }).then((answer) => answer.data);
}

/**
 * Checks the kept cart out with the key kept for this cart and these
 * details (checkout-key.ts). Once done, the cart as the page holds it carries
 * its buybacks (the page turns into the confirmation, as a reload would show
 * it); a refusal forgets the key, since nothing was registered.
 */
export function useCheckOutCart(cartId: string) {
  const { api } = useAppEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customer: CustomerPayload) => checkOutCart(api, cartId, customer, checkoutKeys.keyFor(cartId, { customer })),
    onSuccess: (answer) => {
      checkoutKeys.forget(cartId);
      queryClient.setQueryData<CartView>(cartKeys.detail(cartId), (cart) => (cart ? { ...cart, buybacks: answer.buybacks } : cart));
      return queryClient.invalidateQueries({ queryKey: buybackKeys.all });
    },
    onError: (error) => {
      // A refusal wrote nothing; no answer at all (network, 5xx) may hide a success: then the key stays for the retry.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) checkoutKeys.forget(cartId);
    },
  });
}
