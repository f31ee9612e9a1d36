import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterPackageCommand } from './invalidate-package';

/** DELETE /api/packages/{id}/items/{buybackId}: one device taken out of the open package, free for another. */
export function removePackageItem(input: { packageId: string; buybackId: string }): Promise<CommandAnswer> {
  return api
    .request<CommandAnswer>('DELETE', `/packages/${encodeURIComponent(input.packageId)}/items/${encodeURIComponent(input.buybackId)}`)
    .then((response) => response.data);
}

export function useRemovePackageItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removePackageItem, onSuccess: () => invalidateAfterPackageCommand(queryClient) });
}
