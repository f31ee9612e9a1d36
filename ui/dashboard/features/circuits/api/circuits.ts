import type { CommandAnswer } from '@server/application/views/schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { estimateKeys, productKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import { apiPaging } from '../../../hooks/use-list-params';
import { apiCircuitFilters, circuitList, type CircuitListParams } from '../list-params';
import type { Circuit, CircuitHistory, ListPage } from '../types';
import { circuitKeys } from './keys';

/** GET /api/circuits: one page of the retailer's circuits. */
export function useCircuits(params: CircuitListParams) {
  return useQuery({
    queryKey: circuitKeys.list(params),
    queryFn: ({ signal }) => api.get<ListPage<Circuit>>('/circuits', { query: { ...apiCircuitFilters(params.filters), ...apiPaging(params, circuitList) }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every circuit of the retailer (a rule's circuit is chosen among them). */
export function useCircuitOptions() {
  return useQuery({
    queryKey: circuitKeys.options(),
    queryFn: ({ signal }) => api.get<ListPage<Circuit>>('/circuits', { query: { pagination: false }, signal }).then((page) => page.items),
  });
}

/** GET /api/circuits/{id}: one circuit with its revision (for If-Match), its French texts, translations and the modes it may name. */
export function useCircuit(id: string) {
  return useQuery({ queryKey: circuitKeys.detail(id), queryFn: ({ signal }) => api.get<Circuit>(`/circuits/${encodeURIComponent(id)}`, { signal }) });
}

export function useCircuitHistory(id: string) {
  return useQuery({
    queryKey: circuitKeys.history(id),
    queryFn: ({ signal }) => api.get<CircuitHistory>(`/circuits/${encodeURIComponent(id)}/history`, { signal }).then((answer) => answer.items),
  });
}

/** A circuit command: the circuits, their rules, and what the buyback path offers and estimates change with it. */
function useCircuitMutation<Input>(send: (input: Input) => Promise<CommandAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // Not awaited: the form says it is saved as soon as it is; the lists refresh behind it.
    onSettled: () => {
      for (const queryKey of [circuitKeys.all, productKeys.all, estimateKeys.all]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

export interface ChangeCircuitInput {
  id: string;
  body: Record<string, unknown>;
  revision: number;
}

/** PATCH /api/circuits/{id}: what the body names changes, If-Match the revision read. */
export function useChangeCircuit() {
  return useCircuitMutation(({ id, body, revision }: ChangeCircuitInput) =>
    api.request<CommandAnswer>('PATCH', `/circuits/${encodeURIComponent(id)}`, { body, ifMatch: `W/"${revision}"` }).then((response) => response.data),
  );
}

/** POST /api/circuits/{id}/activate or /deactivate. */
export function useCircuitStatus() {
  return useCircuitMutation(({ id, action }: { id: string; action: 'activate' | 'deactivate' }) =>
    api.post<CommandAnswer>(`/circuits/${encodeURIComponent(id)}/${action}`, {}).then((response) => response.data),
  );
}
