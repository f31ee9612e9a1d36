import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { useAppEnvironment } from '../../app-environment';
import type { DiagnosticQuestionView } from '@server/application/catalog/catalog-views';
import { productKeys } from '../../api/query-keys';
import { isClientError } from './get-product';

/** GET /products/{id}/diagnostic-questions: inherited from the category's ancestors, root first. */
export function getDiagnosticQuestions(api: ApiClient, productId: string, signal?: AbortSignal): Promise<DiagnosticQuestionView[]> {
  return api
    .get<{ items: DiagnosticQuestionView[] }>(`/products/${encodeURIComponent(productId)}/diagnostic-questions`, { signal })
    .then((answer) => answer.items);
}

export const diagnosticQuestionsQueryOptions = (api: ApiClient, productId: string) =>
  queryOptions({
    queryKey: productKeys.diagnosticQuestions(productId),
    queryFn: ({ signal }) => getDiagnosticQuestions(api, productId, signal),
    staleTime: 5 * 60_000,
    retry: (count, error) => count < 2 && !isClientError(error),
  });

export function useDiagnosticQuestions(productId: string | undefined) {
  const { api } = useAppEnvironment();
  return useQuery({ ...diagnosticQuestionsQueryOptions(api, productId ?? ''), enabled: Boolean(productId) });
}
