import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buybackKeys, paymentKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';

/** A command on one payment, as its dialog sends it. */
export interface PaymentCommandInput<Body> {
  id: string;
  /** The ETag of the payment the user decided on (the detail has it; a list row does not). */
  etag: string | null;
  body: Body;
  idempotencyKey: string;
}

/** POST /api/payments/{id}/{action}, with an Idempotency-Key (and If-Match when the screen knows the revision). */
export function sendPaymentCommand<Body>(action: string, input: PaymentCommandInput<Body>): Promise<CommandAnswer> {
  return api
    .post<CommandAnswer>(`/payments/${encodeURIComponent(input.id)}/${action}`, input.body, { ifMatch: input.etag, idempotencyKey: input.idempotencyKey })
    .then((response) => response.data);
}

/** A command on a payment changes its detail, the search and its buyback's payment block: all refreshed, refused or not. */
export function usePaymentCommand<Body>(send: (input: PaymentCommandInput<Body>) => Promise<CommandAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: paymentKeys.all }), queryClient.invalidateQueries({ queryKey: buybackKeys.all })]),
  });
}

export interface RelaunchPaymentBody {
  reason?: string;
}

/** POST /api/payments/{id}/relaunch: a failed payment tried again (a new attempt, its reason recorded). */
export const relaunchPayment = (input: PaymentCommandInput<RelaunchPaymentBody>) => sendPaymentCommand('relaunch', input);
export const useRelaunchPayment = () => usePaymentCommand(relaunchPayment);

export interface MarkPaymentAsPaidBody {
  information?: string;
}

/** POST /api/payments/{id}/mark-as-paid: a manual payment done outside the platform, with what was done. */
export const markPaymentAsPaid = (input: PaymentCommandInput<MarkPaymentAsPaidBody>) => sendPaymentCommand('mark-as-paid', input);
export const useMarkPaymentAsPaid = () => usePaymentCommand(markPaymentAsPaid);
