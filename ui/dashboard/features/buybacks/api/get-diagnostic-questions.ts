import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface DiagnosticQuestion {
  id: string;
  categoryId: string;
  title: string;
  howToTest: string | null;
  description: string | null;
  type: 'unique' | 'multiple';
  answers: Array<{ id: string; title: string; description: string | null }>;
}

/** GET /api/products/{id}/diagnostic-questions: the questions the declaration answered. */
export function getDiagnosticQuestions(productId: string, signal?: AbortSignal): Promise<DiagnosticQuestion[]> {
  return api.get<{ items: DiagnosticQuestion[] }>(`/products/${productId}/diagnostic-questions`, { signal }).then((body) => body.items);
}

export const diagnosticQuestionsQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: ['products', productId, 'diagnostic-questions'],
    queryFn: ({ signal }) => getDiagnosticQuestions(productId, signal),
    staleTime: 5 * 60_000,
  });

export function useDiagnosticQuestions(productId: string) {
  return useQuery(diagnosticQuestionsQueryOptions(productId));
}
