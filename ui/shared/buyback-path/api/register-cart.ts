import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { useAppEnvironment } from '../../app-environment';
import type { CreateBuybackBody } from '../types';
import { buybackKeys } from '../../api/query-keys';

/** What POST /carts answers: the cart and, checked out at once, its buybacks in the cart's order. */
export interface RegisteredCart {
  cartId: string;
  /** `documentsToken`: the secret that lets the customer download their label (GET /buybacks/{id}/shipping-label?token=). */
  buybacks: Array<{ id: string; identificationNumber: string; status: string | null; revision: number; documentsToken: string }> | null;
}

export interface RegisterCartBody {
  buybacks: Array<Omit<CreateBuybackBody, 'customer'>>;
  customer: CreateBuybackBody['customer'];
}

/**
 * POST /carts with the customer: every device of the cart is registered in
 * one go, all or none (a storefront visitor's cart is the web's; a seller's,
 * their store's), always with an Idempotency-Key.
 */
export function registerCart(api: ApiClient, storeId: string | null, body: RegisterCartBody, idempotencyKey: string): Promise<RegisteredCart> {
  return api.post<RegisteredCart>('/carts', { ...body, ...(storeId ? { storeId } : {}) }, { idempotencyKey }).then((answer) => answer.data);
}

/** Registers the cart; every buyback query (the lists) is refreshed after it. `meta`: the app's (the dashboard's server error modal's options). */
export function useRegisterCart(meta?: Record<string, unknown>) {
  const { api, channel, storeId } = useAppEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    ...(meta ? { meta } : {}),
    mutationFn: ({ body, idempotencyKey }: { body: RegisterCartBody; idempotencyKey: string }) => {
      if (channel === 'store' && !storeId) throw new Error('A store cart needs the seller’s store');
      return registerCart(api, channel === 'store' ? (storeId as string) : null, body, idempotencyKey);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buybackKeys.all }),
  });
}
