import { queryOptions, useQuery } from '@tanstack/react-query';
import { dispatchRuleKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import type { DispatchRulePage } from '../types';

/** GET /api/warehouse-dispatch-rules: every rule of the tenant, in the order they are tried (a few hundred at most: one page). */
export function getDispatchRules(signal?: AbortSignal): Promise<DispatchRulePage> {
  return api.get<DispatchRulePage>('/warehouse-dispatch-rules', { query: { pagination: false, 'order[position]': 'asc' }, signal });
}

export const dispatchRulesQueryOptions = () =>
  queryOptions({ queryKey: dispatchRuleKeys.lists(), queryFn: ({ signal }) => getDispatchRules(signal) });

export function useDispatchRules() {
  return useQuery(dispatchRulesQueryOptions());
}
