import type { PackageView } from '@server/application/logistics/logistics-views';
import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterPackageCommand } from './invalidate-package';

export type PackedBuyback = PackageView['buybacks'][number];
export type PackageScanAnswer = CommandAnswer & { buyback: PackedBuyback };

export interface AddPackageItemInput {
  packageId: string;
  /** The 13-digit code as scanned or typed. */
  code: string;
  idempotencyKey: string;
}

/**
 * POST /api/packages/{id}/items {code}: a device scanned into the open
 * package. Refusals: BB_DOES_NOT_EXIST, BB_ALREADY_PROCESSED
 * ({packageNumber}), BB_ALREADY_FILLED, BB_EXPEDITION_NOT_NEEDED,
 * SHIPMENT_ERROR, BB_NEEDS_LABEL, BB_LABEL_NOT_NEEDED, PACKAGE_NOT_OPEN,
 * PACKAGE_FULL and the code's own (BUYBACK_CODE_*).
 */
export function addPackageItem(input: AddPackageItemInput): Promise<PackageScanAnswer> {
  return api
    .post<PackageScanAnswer>(`/packages/${encodeURIComponent(input.packageId)}/items`, { code: input.code }, { idempotencyKey: input.idempotencyKey })
    .then((response) => response.data);
}

export function useAddPackageItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addPackageItem, onSuccess: () => invalidateAfterPackageCommand(queryClient) });
}
