import type { CommandAnswer } from '@server/application/views/schema';
import { api } from '../../../lib/api-client';
import type { PaymentModeBody } from '../form-model';
import { usePaymentModeMutation } from './payment-mode-mutation';

export interface UpdatePaymentModeInput {
  id: string;
  body: Partial<PaymentModeBody>;
  /** The revision the form was loaded at: a change by someone else since is refused (412). */
  revision: number;
}

/** PATCH /api/payment-modes/{id}: what the body names changes, If-Match the revision read. */
export function updatePaymentMode({ id, body, revision }: UpdatePaymentModeInput): Promise<CommandAnswer> {
  return api.request<CommandAnswer>('PATCH', `/payment-modes/${encodeURIComponent(id)}`, { body, ifMatch: `W/"${revision}"` }).then((response) => response.data);
}

export function useUpdatePaymentMode() {
  return usePaymentModeMutation(updatePaymentMode);
}
