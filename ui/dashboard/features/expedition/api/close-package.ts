import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterPackageCommand } from './invalidate-package';

/**
 * POST /api/packages/{id}/close: confirmed and irreversible; its devices are
 * in transit and its label is asked of the carrier. If-Match: what is closed
 * is what the seller saw. 409 PACKAGE_CANNOT_BE_CLOSED (empty or not open).
 */
export function closePackage(input: { packageId: string; etag: string | null }): Promise<CommandAnswer> {
  return api.post<CommandAnswer>(`/packages/${encodeURIComponent(input.packageId)}/close`, {}, { ifMatch: input.etag }).then((response) => response.data);
}

export function useClosePackage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: closePackage, onSettled: () => invalidateAfterPackageCommand(queryClient) });
}
