import type { VerificationJobView, VerificationView } from '@server/application/warehouse/warehouse-views';
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

/** A short list's report at once (201), or a long list's job (202), verified in the background. */
export type VerifyCodesAnswer = { kind: 'report'; report: VerificationView } | { kind: 'job'; job: VerificationJobView };

/**
 * POST /api/verifications: the list compared with what the warehouse expects;
 * the report is recorded and e-mailed to the user. A file that is not such a
 * CSV is refused (422 VERIFICATION_*) and nothing changes. A long list
 * answers its job: GET /api/verifications/jobs/{id} until it is done.
 */
export async function verifyCodes({ idempotencyKey, warehouseId, stockId, ...input }: VerifyCodesInput): Promise<VerifyCodesAnswer> {
  const body = { ...input, ...(warehouseId ? { warehouseId } : {}), ...(input.scope === 'in_warehouse' && stockId ? { stockId } : {}) };
  const response = await api.post<VerificationView | VerificationJobView>('/verifications', body, { idempotencyKey });
  return response.status === 202 ? { kind: 'job', job: response.data as VerificationJobView } : { kind: 'report', report: response.data as VerificationView };
}

export function useVerifyCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyCodes,
    onSuccess: (answer) => {
      if (answer.kind === 'job') {
        queryClient.setQueryData(verificationKeys.job(answer.job.id), answer.job);
        return;
      }
      queryClient.setQueryData(verificationKeys.detail(answer.report.id), answer.report);
      return queryClient.invalidateQueries({ queryKey: verificationKeys.lists() });
    },
  });
}
