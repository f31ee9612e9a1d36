import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RefurbDiagnosisView } from '@server/application/refurbishment/diagnosis/diagnosis-views';
import type { MoneyView } from '@server/application/views/schema';
import type { ItemRefurbStepStatus } from '@server/domain/refurbishment/events';
import { itemKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import { noRetryOnRefusal } from '../../../components/warehouse-item/api/retry';

/** What the item detail reads of GET /items/{id}/refurb-steps (the steps feature's answer; only these fields). */
export interface ItemRefurbStepsSummary {
  steps: Array<{
    id: string;
    sequence: number;
    name: string;
    status: ItemRefurbStepStatus;
    cost: MoneyView;
    stock: { id: string; name: string | null };
    startedAt: string | null;
    validatedAt: string | null;
    cancellationComment: string | null;
  }>;
  confirmable: boolean;
}

export type RefurbDiagnosis = RefurbDiagnosisView;

/** GET /api/items/{id}/refurb-steps: the item's steps in their order. */
export function useItemRefurbSteps(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...itemKeys.detail(id), 'refurb-steps'] as const,
      queryFn: ({ signal }) => api.get<ItemRefurbStepsSummary>(`/items/${encodeURIComponent(id)}/refurb-steps`, { signal }),
      retry: noRetryOnRefusal,
    }),
  );
}

/** GET /api/items/{id}/refurb-diagnosis: the item's refurbishment diagnosis (404 REFURB_DIAGNOSIS_NOT_FOUND: none started). */
export function useItemRefurbDiagnosis(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...itemKeys.detail(id), 'refurb-diagnosis'] as const,
      queryFn: ({ signal }) => api.get<RefurbDiagnosis>(`/items/${encodeURIComponent(id)}/refurb-diagnosis`, { signal }),
      retry: noRetryOnRefusal,
    }),
  );
}
