import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dispatchRuleKeys } from '../../../../shared/api/query-keys';

/** A command on the rules: the list, every rule and the settings (one revision) change with it. */
export function useDispatchMutation<Input>(send: (input: Input) => Promise<CommandAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dispatchRuleKeys.all }),
  });
}
