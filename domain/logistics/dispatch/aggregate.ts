import { DomainError } from '../../shared/domain-error.js';
import type { DispatchRuleEvent, DispatchRuleFields } from './events.js';
import { DISPATCH_LIMITS, validateRuleInput, type DispatchRule, type DispatchRuleInput } from './rules.js';

/**
 * An account's dispatch rules, as one aggregate (one stream per account,
 * `dispatch_rules-<accountId>`): the rules are an ordered list in which the
 * first that applies wins, so their order, their count and the default
 * warehouse are decided together, and two administrators reordering at once
 * cannot both succeed. Whether the warehouses a rule names exist is the
 * application's to check when it is saved; the choice skips any that no
 * longer do (choose.ts).
 */

export interface DispatchRules {
  /** In the order they are tried. */
  rules: readonly DispatchRule[];
  defaultWarehouseId: string | null;
}

export const NO_DISPATCH_RULES: DispatchRules = { rules: [], defaultWarehouseId: null };

export type DispatchRuleCommand =
  /** `position`: the 0-based index it takes; absent or null, at the end; past the end, at the end. */
  | { type: 'CreateDispatchRule'; data: { ruleId: string; position?: number | null } & DispatchRuleInput }
  /** The rule's fields, all of them (what the edit form saves). */
  | { type: 'UpdateDispatchRule'; data: { ruleId: string } & DispatchRuleInput }
  | { type: 'DeleteDispatchRule'; data: { ruleId: string } }
  /** Every rule of the account, each once, in the new order. */
  | { type: 'ReorderDispatchRules'; data: { ruleIds: readonly string[] } }
  | { type: 'ChooseDefaultWarehouse'; data: { warehouseId: string | null } };

export type DispatchRuleCommandType = DispatchRuleCommand['type'];

/**
 * When an event was recorded: the `occurredAt` of its metadata (the
 * application passes the stored event's metadata as it is). Events do not
 * repeat the time the store already records with who did it.
 */
export interface RecordedAt {
  occurredAt: string;
}

/**
 * Applies one event. `recorded` is required, not optional: folding with
 * `events.reduce(evolve, …)` would otherwise pass the array index as the
 * third argument and every rule would silently lose its time. A rule's
 * `updatedAt` is the time of its creation or last update; reordering moves
 * it without changing it.
 */
export function evolveDispatchRules(state: DispatchRules, event: DispatchRuleEvent, recorded: RecordedAt): DispatchRules {
  switch (event.type) {
    case 'DispatchRuleCreated': {
      const { position, ...rest } = event.data;
      const rules = state.rules.filter((rule) => rule.ruleId !== rest.ruleId);
      rules.splice(Math.min(Math.max(0, position), rules.length), 0, ruleOf(rest, recorded));
      return { ...state, rules };
    }
    case 'DispatchRuleUpdated': {
      const rules = state.rules.map((rule) => (rule.ruleId === event.data.ruleId ? ruleOf(event.data, recorded) : rule));
      return { ...state, rules };
    }
    case 'DispatchRuleDeleted':
      return { ...state, rules: state.rules.filter((rule) => rule.ruleId !== event.data.ruleId) };
    case 'DispatchRulesReordered': {
      const byId = new Map(state.rules.map((rule) => [rule.ruleId, rule]));
      const rules = event.data.ruleIds.flatMap((ruleId) => byId.get(ruleId) ?? []);
      // decide names every rule; should an event ever miss one, the rule stays (last) rather than vanish.
      const named = new Set(event.data.ruleIds);
      rules.push(...state.rules.filter((rule) => !named.has(rule.ruleId)));
      return { ...state, rules };
    }
    case 'DefaultWarehouseChosen':
      return { ...state, defaultWarehouseId: event.data.warehouseId };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown event ${JSON.stringify(unknown)}`);
    }
  }
}

export function decideDispatchRules(command: DispatchRuleCommand, state: DispatchRules): DispatchRuleEvent[] {
  switch (command.type) {
    case 'CreateDispatchRule': {
      const { ruleId, position } = command.data;
      if (state.rules.some((rule) => rule.ruleId === ruleId)) throw new DomainError('DISPATCH_RULE_ALREADY_EXISTS', { ruleId });
      if (state.rules.length >= DISPATCH_LIMITS.rules) throw new DomainError('DISPATCH_RULE_TOO_MANY', { field: 'rules', max: DISPATCH_LIMITS.rules });
      const fields = validateRuleInput(command.data);
      return [{ type: 'DispatchRuleCreated', data: { ruleId, ...fields, position: insertionIndex(position, state.rules.length) } }];
    }
    case 'UpdateDispatchRule': {
      const { ruleId } = command.data;
      const current = state.rules.find((rule) => rule.ruleId === ruleId);
      if (!current) throw new DomainError('DISPATCH_RULE_NOT_FOUND', { ruleId });
      const fields = validateRuleInput(command.data);
      if (sameFields(current, fields)) return [];
      return [{ type: 'DispatchRuleUpdated', data: { ruleId, ...fields } }];
    }
    case 'DeleteDispatchRule': {
      const { ruleId } = command.data;
      if (!state.rules.some((rule) => rule.ruleId === ruleId)) throw new DomainError('DISPATCH_RULE_NOT_FOUND', { ruleId });
      return [{ type: 'DispatchRuleDeleted', data: { ruleId } }];
    }
    case 'ReorderDispatchRules': {
      const ruleIds = [...command.data.ruleIds];
      checkSameRules(ruleIds, state.rules);
      if (ruleIds.every((ruleId, index) => state.rules[index]?.ruleId === ruleId)) return [];
      return [{ type: 'DispatchRulesReordered', data: { ruleIds } }];
    }
    case 'ChooseDefaultWarehouse': {
      const { warehouseId } = command.data;
      if (warehouseId === state.defaultWarehouseId) return [];
      return [{ type: 'DefaultWarehouseChosen', data: { warehouseId } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

function ruleOf(data: { ruleId: string } & DispatchRuleFields, recorded: RecordedAt): DispatchRule {
  const { ruleId, title, conditions, warehouseIds, nearest } = data;
  return { ruleId, title, conditions, warehouseIds, nearest, updatedAt: recorded.occurredAt };
}

/**
 * Where a new rule goes. Past the end means at the end: another
 * administrator may have deleted a rule since the form was opened, and the
 * new one still belongs after the others. A negative or fractional index is
 * a mistake of the caller.
 */
function insertionIndex(position: number | null | undefined, count: number): number {
  if (position === null || position === undefined) return count;
  if (!Number.isInteger(position) || position < 0) throw new DomainError('DISPATCH_RULE_POSITION_INVALID', { position, max: count });
  return Math.min(position, count);
}

/**
 * A reorder names every rule once and nothing else: one made from a stale
 * list (a rule created or deleted meanwhile) is refused rather than guessed.
 */
function checkSameRules(ruleIds: readonly string[], rules: readonly DispatchRule[]): void {
  const existing = new Set(rules.map((rule) => rule.ruleId));
  const named = new Set<string>();
  const duplicated = new Set<string>();
  for (const ruleId of ruleIds) {
    if (named.has(ruleId)) duplicated.add(ruleId);
    named.add(ruleId);
  }
  const unknown = [...named].filter((ruleId) => !existing.has(ruleId));
  const missing = [...existing].filter((ruleId) => !named.has(ruleId));
  if (unknown.length > 0 || missing.length > 0 || duplicated.size > 0) {
    throw new DomainError('DISPATCH_RULE_ORDER_MISMATCH', { missing, unknown, duplicated: [...duplicated] });
  }
}

/** Equal as saved: the same title, conditions (in order, with their values in order), destinations in order and criterion. */
function sameFields(current: DispatchRuleFields, next: DispatchRuleFields): boolean {
  return (
    current.title === next.title &&
    current.nearest === next.nearest &&
    sameList(current.warehouseIds, next.warehouseIds) &&
    current.conditions.length === next.conditions.length &&
    current.conditions.every((condition, index) => {
      const other = next.conditions[index];
      return other !== undefined && condition.attribute === other.attribute && condition.operator === other.operator && sameList(condition.values, other.values);
    })
  );
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}
