import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { estimateKeys, paymentModeKeys, productKeys } from '../../../../shared/api/query-keys';

/** A payment-mode command: the modes, and what the buyback path offers and estimates, change with it. */
export function usePaymentModeMutation<Input>(send: (input: Input) => Promise<CommandAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([paymentModeKeys.all, productKeys.all, estimateKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
