import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { useAppEnvironment } from '../../app-environment';
import type { EstimateView } from '@server/application/catalog/catalog-views';
import { estimateKeys } from '../../api/query-keys';
import type { DiagnosticResponse } from '../types';

/**
 * POST /estimates: the grade and price for the answers. It changes nothing on
 * the server, so it is read as a query, cached per set of answers: going back
 * and forth between the questions and the price asks once.
 */
export function estimatePrice(api: ApiClient, productId: string, responses: DiagnosticResponse[], signal?: AbortSignal): Promise<EstimateView> {
  return api.post<EstimateView>('/estimates', { productId, responses }, { signal }).then((answer) => answer.data);
}

export const estimateQueryOptions = (api: ApiClient, productId: string, responses: DiagnosticResponse[]) =>
  queryOptions({
    queryKey: estimateKeys.of(productId, responses),
    queryFn: ({ signal }) => estimatePrice(api, productId, responses, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useEstimate(productId: string, responses: DiagnosticResponse[] | null) {
  const { api } = useAppEnvironment();
  return useQuery({ ...estimateQueryOptions(api, productId, responses ?? []), enabled: responses !== null });
}

/** The answers that end the path on the estimate-error outcome rather than a price. */
export const ESTIMATE_ERROR_CODES: readonly string[] = ['ESTIMATE_NOT_POSSIBLE', 'BUYBACK_NO_PRICE_DEFINED', 'DIAGNOSTIC_NO_QUESTIONS'];
