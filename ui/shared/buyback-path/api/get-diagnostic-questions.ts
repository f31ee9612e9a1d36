import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { useAppEnvironment } from '../../app-environment';
import type { DiagnosticQuestion } from '../types';
import { isClientError } from './get-product';

/** GET /products/{id}/diagnostic-questions: inherited from the category's ancestors, root first. */
export function getDiagnosticQuestions(api: ApiClient, productId: string, signal?: AbortSignal): Promise<DiagnosticQuestion[]> {
  return api
    .get<{ items: DiagnosticQuestion[] }>(`/products/${encodeURIComponent(productId)}/diagnostic-questions`, { signal })
    .then((answer) => answer.items);
}

export const diagnosticQuestionsQueryOptions = (api: ApiClient, productId: string) =>
  queryOptions({
    queryKey: ['products', 'detail', productId, 'diagnostic-questions'],
    queryFn: ({ signal }) => getDiagnosticQuestions(api, productId, signal),
    staleTime: 5 * 60_000,
    retry: (count, error) => count < 2 && !isClientError(error),
  });

export function useDiagnosticQuestions(productId: string | undefined) {
  const { api } = useAppEnvironment();
  return useQuery({ ...diagnosticQuestionsQueryOptions(api, productId ?? ''), enabled: Boolean(productId) });
}
