// .js: Node tests load this file (tests/ui/warehouse-dispatch-rule-form.test.ts).
import { ApiError } from '../../../shared/api/client.js';
import type { DispatchAttribute, DispatchOperator } from '@server/domain/logistics/dispatch/rules.js';
import type { DispatchRuleInputView, DispatchRuleView } from '@server/application/logistics/logistics-views.js';

/** A condition as the form edits it. */
export interface ConditionDraft {
  attribute: DispatchAttribute;
  operator: DispatchOperator;
  values: string[];
}

export interface RuleDraft {
  title: string;
  conditions: ConditionDraft[];
  /** In the administrator's order: without `nearest`, the first receives the device. */
  warehouseIds: string[];
  nearest: boolean;
}

/** Where a problem shows: on the title, on the conditions as a whole, on one condition, on the warehouses, or under the form. */
export type ProblemPlace = { field: 'title' } | { field: 'conditions' } | { field: 'condition'; index: number } | { field: 'warehouseIds' } | { field: 'form' };

/** A problem found in the form before sending it: the API's code for the same refusal, so that both read alike. */
export interface DraftProblem {
  place: ProblemPlace;
  code: string;
}

export const NEW_CONDITION: ConditionDraft = { attribute: 'brand', operator: 'in', values: [] };

/** The form's start: a new rule (one empty condition) or the rule as the API shows it. */
export function draftOf(rule: DispatchRuleView | null): RuleDraft {
  if (!rule) return { title: '', conditions: [{ ...NEW_CONDITION }], warehouseIds: [], nearest: false };
  return {
    title: rule.title,
    conditions: rule.conditions.map((c) => ({ attribute: c.attribute, operator: c.operator, values: [...c.values] })),
    warehouseIds: [...rule.warehouseIds],
    nearest: rule.nearest,
  };
}

/** What the API is sent (POST or PUT): the title trimmed; the API trims the values and drops repeated ones. */
export function inputOf(draft: RuleDraft): DispatchRuleInputView {
  return {
    title: draft.title.trim(),
    conditions: draft.conditions.map((c) => ({ attribute: c.attribute, operator: c.operator, values: c.values.map((v) => v.trim()).filter(Boolean) })),
    warehouseIds: draft.warehouseIds,
    nearest: draft.nearest,
  };
}

/** The refusals the form can see coming (the domain's validateRuleInput, in the API's codes); the rest is the API's to say. */
export function draftProblems(draft: RuleDraft): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (draft.title.trim() === '') problems.push({ place: { field: 'title' }, code: 'DISPATCH_RULE_TITLE_REQUIRED' });
  if (draft.conditions.length === 0) problems.push({ place: { field: 'conditions' }, code: 'DISPATCH_RULE_CONDITION_REQUIRED' });
  draft.conditions.forEach((condition, index) => {
    if (!condition.values.some((value) => value.trim() !== '')) problems.push({ place: { field: 'condition', index }, code: 'DISPATCH_RULE_CONDITION_VALUES_REQUIRED' });
  });
  if (draft.warehouseIds.length === 0) problems.push({ place: { field: 'warehouseIds' }, code: 'DISPATCH_RULE_WAREHOUSE_REQUIRED' });
  return problems;
}

const CONDITION_CODES = new Set([
  'DISPATCH_RULE_CONDITION_INVALID',
  'DISPATCH_RULE_CONDITION_VALUES_REQUIRED',
  'DISPATCH_RULE_CONDITION_VALUE_TOO_LONG',
  'DISPATCH_RULE_VALUE_UNKNOWN',
]);
const WAREHOUSE_CODES = new Set(['DISPATCH_RULE_WAREHOUSE_REQUIRED', 'DISPATCH_RULE_WAREHOUSE_DUPLICATE', 'DISPATCH_RULE_WAREHOUSE_UNKNOWN']);

/** The index of a condition the API names in its refusal's details, if any. */
function conditionIndex(error: ApiError): number | null {
  const index = error.details?.index;
  return typeof index === 'number' && Number.isInteger(index) && index >= 0 ? index : null;
}

/** Where the API's refusal of a rule belongs (its code and details); one that names no field goes under the form. */
export function refusalPlace(error: unknown): ProblemPlace {
  if (!(error instanceof ApiError)) return { field: 'form' };
  const { code } = error;
  if (code === 'DISPATCH_RULE_TITLE_REQUIRED' || code === 'DISPATCH_RULE_TITLE_TOO_LONG') return { field: 'title' };
  if (code === 'DISPATCH_RULE_CONDITION_REQUIRED') return { field: 'conditions' };
  if (CONDITION_CODES.has(code)) {
    const index = conditionIndex(error);
    return index === null ? { field: 'conditions' } : { field: 'condition', index };
  }
  if (WAREHOUSE_CODES.has(code)) return { field: 'warehouseIds' };
  if (code === 'DISPATCH_RULE_TOO_MANY') {
    const field = error.details?.field;
    if (field === 'warehouseIds') return { field: 'warehouseIds' };
    if (field === 'values') {
      const index = conditionIndex(error);
      if (index !== null) return { field: 'condition', index };
    }
    return { field: 'conditions' };
  }
  // The schema's own refusals (VALIDATION_FAILED) name the field by its path.
  const path = error.fields[0]?.field ?? '';
  if (/^\/?title$/.test(path)) return { field: 'title' };
  const condition = /^\/?conditions[/.[](\d+)/.exec(path);
  if (condition) return { field: 'condition', index: Number(condition[1]) };
  if (/^\/?conditions/.test(path)) return { field: 'conditions' };
  if (/^\/?warehouseIds/.test(path)) return { field: 'warehouseIds' };
  return { field: 'form' };
}

/** The rules' ids with one moved up (-1) or down (+1); the same order when it cannot move. */
export function moveRule(ids: readonly string[], index: number, delta: -1 | 1): string[] {
  const target = index + delta;
  const next = [...ids];
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return next;
  [next[index], next[target]] = [next[target] as string, next[index] as string];
  return next;
}
