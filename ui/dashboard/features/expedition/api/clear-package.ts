import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterPackageCommand } from './invalidate-package';

/** POST /api/packages/{id}/clear: the open package emptied (the expedition list cleared); it stays open. */
export function clearPackage(input: { packageId: string }): Promise<CommandAnswer> {
  return api.post<CommandAnswer>(`/packages/${encodeURIComponent(input.packageId)}/clear`).then((response) => response.data);
}

export function useClearPackage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: clearPackage, onSettled: () => invalidateAfterPackageCommand(queryClient) });
}
