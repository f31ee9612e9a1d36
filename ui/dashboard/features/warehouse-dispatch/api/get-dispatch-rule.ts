import { queryOptions, useQuery } from '@tanstack/react-query';
import { dispatchRuleKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import type { DispatchRule } from '../types';

/** GET /api/warehouse-dispatch-rules/{id}: one rule, with its place among the rules and its last update. */
export function getDispatchRule(id: string, signal?: AbortSignal): Promise<DispatchRule> {
  return api.get<DispatchRule>(`/warehouse-dispatch-rules/${id}`, { signal });
}

export const dispatchRuleQueryOptions = (id: string) =>
  queryOptions({ queryKey: dispatchRuleKeys.detail(id), queryFn: ({ signal }) => getDispatchRule(id, signal) });

export function useDispatchRule(id: string) {
  return useQuery(dispatchRuleQueryOptions(id));
}
