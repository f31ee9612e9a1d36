import type { LABEL_MODES } from '@server/domain/logistics/packages/events';
import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterPackageCommand } from './invalidate-package';

export type LabelMode = (typeof LABEL_MODES)[number];

export interface OpenPackageInput {
  warehouseId: string;
  labelMode: LabelMode;
  idempotencyKey: string;
}

/** POST /api/packages: a new package at the user's store, bound for a warehouse. 404 WAREHOUSE_NOT_FOUND, STORE_NOT_FOUND. */
export function openPackage(input: OpenPackageInput): Promise<CommandAnswer> {
  return api
    .post<CommandAnswer>('/packages', { warehouseId: input.warehouseId, labelMode: input.labelMode }, { idempotencyKey: input.idempotencyKey })
    .then((response) => response.data);
}

export function useOpenPackage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: openPackage, onSuccess: () => invalidateAfterPackageCommand(queryClient) });
}
