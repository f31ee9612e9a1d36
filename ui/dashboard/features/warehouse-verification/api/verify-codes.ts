import type { VerificationView } from '@server/application/warehouse/warehouse-views';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { verificationKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import type { VerificationScope } from '../verification-file';

export interface VerifyCodesInput {
  scope: VerificationScope;
  /** With in_warehouse: one stock only. */
  stockId: string | null;
  /** The warehouse, for users outside a warehouse (provider staff); a warehouse user's is their own. */
  warehouseId: string | null;
  fileName: string;
  /** The CSV file's text, as the browser read it. */
  content: string;
  idempotencyKey: string;
}

/**
 * POST /api/verifications: the list compared with what the warehouse expects;
 * the report is recorded and e-mailed to the user. A file that is not such a
 * CSV is refused (422 VERIFICATION_*) and nothing changes.
 */
export function verifyCodes({ idempotencyKey, warehouseId, stockId, ...input }: VerifyCodesInput): Promise<VerificationView> {
  const body = { ...input, ...(warehouseId ? { warehouseId } : {}), ...(input.scope === 'in_warehouse' && stockId ? { stockId } : {}) };
  return api.post<VerificationView>('/verifications', body, { idempotencyKey }).then((response) => response.data);
}

export function useVerifyCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyCodes,
    onSuccess: (report) => {
      queryClient.setQueryData(verificationKeys.detail(report.id), report);
      return queryClient.invalidateQueries({ queryKey: verificationKeys.lists() });
    },
  });
}
