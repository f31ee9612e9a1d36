import type { VerifiableBuybackView } from '@server/application/buybacks/queries/verifiable-buyback-views';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { buybackKeys } from '../../../../shared/api/query-keys';
import { api, ApiError } from '../../../lib/api-client';

/**
 * GET /buybacks/by-identification-number/{code}/is-verifiable: the
 * specification's HEAD, read with its body so that a refusal says why
 * (404 BUYBACK_CODE_NOT_FOUND; 409 BUYBACK_NOT_VERIFIABLE with the status).
 */
export function checkCode(code: string, signal?: AbortSignal): Promise<VerifiableBuybackView> {
  return api.get<VerifiableBuybackView>(`/buybacks/by-identification-number/${encodeURIComponent(code)}/is-verifiable`, { signal });
}

export const checkCodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: buybackKeys.verifiable(code),
    queryFn: ({ signal }) => checkCode(code, signal),
    // Whether it can be taken in now changes with any command: asked again on every visit.
    staleTime: 0,
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });

export function useCheckCode(code: string) {
  return useQuery(checkCodeQueryOptions(code));
}

/** The 409's details: the buyback the code names and its status. */
export function notVerifiable(error: unknown): { buybackId: string; status: string } | null {
  if (!(error instanceof ApiError) || error.code !== 'BUYBACK_NOT_VERIFIABLE') return null;
  const { buybackId, status } = error.details ?? {};
  return typeof buybackId === 'string' && typeof status === 'string' ? { buybackId, status } : null;
}

export function isUnknownCode(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 404;
}
