import type { QueryClient } from '@tanstack/react-query';
import { buybackKeys } from '../../../../shared/api/query-keys';

/** After a command on one buyback: its detail (and history, under it) and the lists it appears in. */
export async function invalidateBuyback(queryClient: QueryClient, id: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: buybackKeys.detail(id) }),
    queryClient.invalidateQueries({ queryKey: buybackKeys.lists() }),
  ]);
}
