import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buybackKeys, itemKeys, stockKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import type { FindingsBody } from '../findings';

/** How the check ends: as the findings' outcome gives it (a proposal needs its reason for the customer), or in quarantine. */
export type CheckDecision =
  | { kind: 'by_rule'; proposalReason?: string | null }
  | { kind: 'quarantine'; reason: string; comment: string };

export interface RecordCheckInput {
  itemId: string;
  body: FindingsBody & { comment: string | null; decision: CheckDecision };
  /** The item's revision the check was made on. */
  etag: string | null;
  idempotencyKey: string;
}

/**
 * POST /api/items/{id}/compliance-checks: the check's end (completed by
 * price, with absorption, a new price proposed to the customer, or
 * quarantine), with If-Match and an Idempotency-Key. 422
 * WAREHOUSE_COMMENT_REQUIRED, COMPLIANCE_PROPOSAL_REASON_REQUIRED,
 * IMEI_TAC_MISMATCH; 409 for the item's status; 412 a stale revision.
 */
export function recordComplianceCheck(input: RecordCheckInput): Promise<CommandAnswer> {
  return api
    .post<CommandAnswer>(`/items/${encodeURIComponent(input.itemId)}/compliance-checks`, input.body, { ifMatch: input.etag, idempotencyKey: input.idempotencyKey })
    .then((response) => response.data);
}

/** The check moves the item, its buyback (completed, a proposal, quarantine) and the stocks' quantities. */
export function useRecordComplianceCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordComplianceCheck,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: itemKeys.all }),
        queryClient.invalidateQueries({ queryKey: stockKeys.all }),
        queryClient.invalidateQueries({ queryKey: buybackKeys.all }),
      ]),
  });
}
