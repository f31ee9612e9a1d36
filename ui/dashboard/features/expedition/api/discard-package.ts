import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterPackageCommand } from './invalidate-package';

/** POST /api/packages/{id}/discard: the open package abandoned, its devices free again. */
export function discardPackage(input: { packageId: string }): Promise<CommandAnswer> {
  return api.post<CommandAnswer>(`/packages/${encodeURIComponent(input.packageId)}/discard`).then((response) => response.data);
}

export function useDiscardPackage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: discardPackage, onSettled: () => invalidateAfterPackageCommand(queryClient) });
}
