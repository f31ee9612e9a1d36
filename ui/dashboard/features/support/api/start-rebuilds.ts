import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Static } from '@server/application/views/schema';
import type { RebuildsStartedView } from '@server/application/platform/support-views';
import { supportKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';

export type RebuildsStarted = Static<typeof RebuildsStartedView>;

/** POST /api/platform/rebuilds: queues a rebuild of each named read model (202); 409 when one of them is queued or running. */
export function startRebuilds(projections: readonly string[]): Promise<RebuildsStarted> {
  return api.request<RebuildsStarted>('POST', '/platform/rebuilds', { body: { projections } }).then((response) => response.data);
}

export function useStartRebuilds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startRebuilds,
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}
