import type { CommandAnswer } from '@server/application/views/schema';
import { api } from '../../../lib/api-client';
import type { PaymentModeBody } from '../form-model';
import { usePaymentModeMutation } from './payment-mode-mutation';

/** POST /api/payment-modes: a new mode of the retailer (a retry with the same key answers the same mode). */
export function createPaymentMode({ body, idempotencyKey }: { body: PaymentModeBody; idempotencyKey: string }): Promise<CommandAnswer> {
  return api.post<CommandAnswer>('/payment-modes', body, { idempotencyKey }).then((response) => response.data);
}

export function useCreatePaymentMode() {
  return usePaymentModeMutation(createPaymentMode);
}
