// .js: Node tests load this file.
import { defineList, emptyFilters, filter, type ListParams } from '../../hooks/list-params.js';

/** Columns the API sorts by (CIRCUIT_SORTS). */
export const CIRCUIT_SORTABLE = ['name', 'circuitType', 'channel', 'status', 'updatedAt'] as const;
export type CircuitSortField = (typeof CIRCUIT_SORTABLE)[number];
export const CIRCUIT_STATUS_FILTER = ['enabled', 'disabled'] as const;
export const CIRCUIT_CHANNEL_FILTER = ['store', 'web'] as const;

export interface CircuitFilters {
  name: string;
  status: '' | (typeof CIRCUIT_STATUS_FILTER)[number];
  channel: '' | (typeof CIRCUIT_CHANNEL_FILTER)[number];
}

/** The circuits, by name. */
export const circuitList = defineList<CircuitFilters, CircuitSortField>({
  name: 'circuits',
  filters: { name: filter.text(), status: filter.oneOf(CIRCUIT_STATUS_FILTER), channel: filter.oneOf(CIRCUIT_CHANNEL_FILTER) },
  sorts: CIRCUIT_SORTABLE,
  defaultSort: 'name',
  defaultDirection: 'asc',
});
export type CircuitListParams = ListParams<CircuitFilters, CircuitSortField>;
export const EMPTY_CIRCUIT_FILTERS: CircuitFilters = emptyFilters(circuitList);

export function apiCircuitFilters(filters: CircuitFilters): Record<string, string | undefined> {
  return { name: filters.name.trim() || undefined, status: filters.status || undefined, channel: filters.channel || undefined };
}

/** Columns the API sorts the rules by (DISPATCH_CIRCUIT_RULE_SORTS). */
export const RULE_SORTABLE = ['status', 'createdAt', 'updatedAt'] as const;
export type RuleSortField = (typeof RULE_SORTABLE)[number];

export interface RuleFilters {
  status: '' | (typeof CIRCUIT_STATUS_FILTER)[number];
}

/** The dispatch circuit rules, oldest first. */
export const ruleList = defineList<RuleFilters, RuleSortField>({
  name: 'dispatch-circuit-rules',
  filters: { status: filter.oneOf(CIRCUIT_STATUS_FILTER) },
  sorts: RULE_SORTABLE,
  defaultSort: 'createdAt',
  defaultDirection: 'asc',
});
export type RuleListParams = ListParams<RuleFilters, RuleSortField>;
export const EMPTY_RULE_FILTERS: RuleFilters = emptyFilters(ruleList);

export function apiRuleFilters(filters: RuleFilters): Record<string, string | undefined> {
  return { status: filters.status || undefined };
}
