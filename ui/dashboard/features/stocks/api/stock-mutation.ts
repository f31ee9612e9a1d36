import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { stockKeys } from '../../../../shared/api/query-keys';

/** A stock command: every stock list, detail and the directory of names change with it. */
export function useStockMutation<Input>(send: (input: Input) => Promise<CommandAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockKeys.all }),
  });
}
