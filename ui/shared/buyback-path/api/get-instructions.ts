import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import type { InstructionsView } from '@server/application/logistics/logistics-views';
import { useAppEnvironment } from '../../app-environment';
import { instructionKeys } from '../../api/query-keys';
import { isClientError } from './get-product';

/** GET /buybacks/{id}/instructions: the circuit's steps in order, and whether a label is expected. Public. */
export function instructionsQuery(api: ApiClient, buybackId: string) {
  return queryOptions({
    queryKey: instructionKeys.of(buybackId),
    queryFn: ({ signal }) => api.get<InstructionsView>(`/buybacks/${encodeURIComponent(buybackId)}/instructions`, { signal }),
    staleTime: 5 * 60_000,
    retry: (count, error) => count < 2 && !isClientError(error),
  });
}

export function useInstructions(buybackId: string) {
  const { api } = useAppEnvironment();
  return useQuery(instructionsQuery(api, buybackId));
}
