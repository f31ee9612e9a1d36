import type { CompliancePreviewView } from '@server/application/warehouse/warehouse-views';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { itemKeys } from '../../../../shared/api/query-keys';
import { api, ApiError } from '../../../lib/api-client';
import type { FindingsBody } from '../findings';

/**
 * POST /api/items/{id}/compliance-checks/preview: what the findings give
 * (grade, controlled price, deviation, absorption, outcome), recording
 * nothing; read as a query, one per set of findings. 422 IMEI_TAC_MISMATCH
 * (an IMEI of another model: the operator may continue anyway), 409
 * ITEM_NOT_CHECKED_IN (check-in is mandatory and the item is not registered).
 */
export function previewComplianceCheck(itemId: string, body: FindingsBody, signal?: AbortSignal): Promise<CompliancePreviewView> {
  return api.post<CompliancePreviewView>(`/items/${encodeURIComponent(itemId)}/compliance-checks/preview`, body, { signal }).then((response) => response.data);
}

export const previewQueryOptions = (itemId: string, body: FindingsBody) =>
  queryOptions({
    queryKey: itemKeys.preview(itemId, body),
    queryFn: ({ signal }) => previewComplianceCheck(itemId, body, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });

export function usePreview(itemId: string, body: FindingsBody) {
  return useQuery(previewQueryOptions(itemId, body));
}

/** The IMEI matches none of the product's TAC codes: the operator may go on with it. */
export function isImeiMismatch(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'IMEI_TAC_MISMATCH';
}
