import type { RefurbDiagnosisView } from '@server/application/refurbishment/diagnosis/diagnosis-views';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { newIdempotencyKey } from '../../../../shared/api/client';
import { itemKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';

export type Diagnosis = RefurbDiagnosisView;
export interface DiagnosisAnswer {
  id: string;
  itemId: string;
  status: 'open' | 'finalized';
  revision: number;
}

export const diagnosisKeys = {
  all: ['refurb-diagnoses'] as const,
  detail: (id: string) => [...diagnosisKeys.all, id] as const,
};

/** GET /api/refurb-diagnoses/{id}: the item, the questions with the answers saved, the steps planned (or that would be) with their costs. */
export function useDiagnosis(id: string) {
  return useQuery({ queryKey: diagnosisKeys.detail(id), queryFn: ({ signal }) => api.get<Diagnosis>(`/refurb-diagnoses/${encodeURIComponent(id)}`, { signal }) });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: diagnosisKeys.all }), queryClient.invalidateQueries({ queryKey: itemKeys.all })]);
}

/** POST /api/refurb-diagnoses {code}: the specification's search refusals (REFURB_CODE_TOO_SHORT, REFURB_ITEM_NOT_FOUND, …) come back as ApiError. */
export function useStartDiagnosis() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (code: string) => api.post<DiagnosisAnswer>('/refurb-diagnoses', { code }, { idempotencyKey: newIdempotencyKey() }).then((r) => r.data),
    onSettled: invalidate,
  });
}

/** PUT /api/refurb-diagnoses/{id}/answers: the whole answer set (a question left out: later), at the revision read. */
export function useSaveAnswers(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ answers, revision }: { answers: Array<{ questionId: string; answerIds: string[] }>; revision: number }) =>
      api
        .request<DiagnosisAnswer>('PUT', `/refurb-diagnoses/${encodeURIComponent(id)}/answers`, { body: { answers }, ifMatch: `W/"${revision}"`, idempotencyKey: newIdempotencyKey() })
        .then((r) => r.data),
    onSettled: invalidate,
  });
}

/** POST /api/refurb-diagnoses/{id}/finalize {stockId}: plans the steps and starts the item's refurbishment in that stock. */
export function useFinalize(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ stockId, revision }: { stockId: string; revision: number }) =>
      api
        .post<DiagnosisAnswer>(`/refurb-diagnoses/${encodeURIComponent(id)}/finalize`, { stockId }, { ifMatch: `W/"${revision}"`, idempotencyKey: newIdempotencyKey() })
        .then((r) => r.data),
    onSettled: invalidate,
  });
}
