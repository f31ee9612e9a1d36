import type { CommandAnswer } from '@server/application/views/schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { categoryKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import { apiPaging } from '../../../hooks/use-list-params';
import { apiRuleFilters, ruleList, type RuleListParams } from '../list-params';
import type { DispatchCircuitRule, DispatchCircuitRuleHistory, ListPage, RuleConnectorView } from '../types';
import { circuitKeys } from './keys';

/** GET /api/dispatch-circuit-rules: one page of the retailer's rules. */
export function useRules(params: RuleListParams) {
  return useQuery({
    queryKey: circuitKeys.rules(params),
    queryFn: ({ signal }) => api.get<ListPage<DispatchCircuitRule>>('/dispatch-circuit-rules', { query: { ...apiRuleFilters(params.filters), ...apiPaging(params, ruleList) }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRule(id: string) {
  return useQuery({ queryKey: circuitKeys.rule(id), queryFn: ({ signal }) => api.get<DispatchCircuitRule>(`/dispatch-circuit-rules/${encodeURIComponent(id)}`, { signal }) });
}

export function useRuleHistory(id: string) {
  return useQuery({
    queryKey: circuitKeys.ruleHistory(id),
    queryFn: ({ signal }) => api.get<DispatchCircuitRuleHistory>(`/dispatch-circuit-rules/${encodeURIComponent(id)}/history`, { signal }).then((answer) => answer.items),
  });
}

export function useRuleConnector(id: string, action: string) {
  return useQuery({
    queryKey: circuitKeys.connector(id, action),
    queryFn: ({ signal }) => api.get<RuleConnectorView>(`/dispatch-circuit-rules/${encodeURIComponent(id)}/launch-premium-feature-connector`, { query: { action }, signal }),
  });
}

interface CategoryNode {
  id: string;
  label: string;
  children: CategoryNode[];
}

/** The retailer's categories, flattened in tree order, each with its depth (GET /api/categories/tree). */
export function useCategoryChoices() {
  return useQuery({
    queryKey: [...categoryKeys.tree(), 'circuits'],
    queryFn: ({ signal }) =>
      api.get<{ items: CategoryNode[] }>('/categories/tree', { signal }).then((answer) => {
        const flat: Array<{ id: string; label: string; depth: number }> = [];
        const walk = (nodes: CategoryNode[], depth: number) => nodes.forEach((node) => (flat.push({ id: node.id, label: node.label, depth }), walk(node.children, depth + 1)));
        walk(answer.items, 0);
        return flat;
      }),
  });
}

function useRuleMutation<Input>(send: (input: Input) => Promise<CommandAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => queryClient.invalidateQueries({ queryKey: circuitKeys.all }) });
}

/** POST /api/dispatch-circuit-rules. */
export function useCreateRule() {
  return useRuleMutation((body: Record<string, unknown>) => api.post<CommandAnswer>('/dispatch-circuit-rules', body).then((response) => response.data));
}

/** PATCH /api/dispatch-circuit-rules/{id}, If-Match the revision read. */
export function useChangeRule() {
  return useRuleMutation(({ id, body, revision }: { id: string; body: Record<string, unknown>; revision: number }) =>
    api.request<CommandAnswer>('PATCH', `/dispatch-circuit-rules/${encodeURIComponent(id)}`, { body, ifMatch: `W/"${revision}"` }).then((response) => response.data),
  );
}

/** PATCH /api/dispatch-circuit-rules/{id}/launch-premium-feature-connector?action=…: launches or stops a premium connector. */
export function useSwitchConnector() {
  return useRuleMutation(({ id, action, active }: { id: string; action: string; active: boolean }) =>
    api
      .request<CommandAnswer>('PATCH', `/dispatch-circuit-rules/${encodeURIComponent(id)}/launch-premium-feature-connector`, { query: { action }, body: { active } })
      .then((response) => response.data),
  );
}
