import type { DispatchCondition } from './rules.js';

/**
 * The events of an account's dispatch rules (one stream per account,
 * `dispatch_rules-<accountId>`). A rule's fields are recorded whole on its
 * creation and on each update, so that the history shows each version as
 * the administrator saved it. With the metadata the store adds (who, when)
 * they are the rules' history; a rule's last update time is that metadata's.
 */

/** A rule as saved: normalised by validateRuleInput. */
export interface DispatchRuleFields {
  title: string;
  conditions: readonly DispatchCondition[];
  warehouseIds: readonly string[];
  nearest: boolean;
}

export interface DispatchRuleCreated {
  type: 'DispatchRuleCreated';
  /** `position`: its 0-based index among the rules once inserted (the end: the number of rules before it). */
  data: { ruleId: string; position: number } & DispatchRuleFields;
}

export interface DispatchRuleUpdated {
  type: 'DispatchRuleUpdated';
  data: { ruleId: string } & DispatchRuleFields;
}

export interface DispatchRuleDeleted {
  type: 'DispatchRuleDeleted';
  data: { ruleId: string };
}

/** Every rule of the account, in their new order. */
export interface DispatchRulesReordered {
  type: 'DispatchRulesReordered';
  data: { ruleIds: readonly string[] };
}

/** The warehouse that receives a device no rule sends anywhere; null: none, such a buyback is refused. */
export interface DefaultWarehouseChosen {
  type: 'DefaultWarehouseChosen';
  data: { warehouseId: string | null };
}

export type DispatchRuleEvent = DispatchRuleCreated | DispatchRuleUpdated | DispatchRuleDeleted | DispatchRulesReordered | DefaultWarehouseChosen;
export type DispatchRuleEventType = DispatchRuleEvent['type'];

export const DISPATCH_RULE_EVENT_TYPES: readonly DispatchRuleEventType[] = [
  'DispatchRuleCreated',
  'DispatchRuleUpdated',
  'DispatchRuleDeleted',
  'DispatchRulesReordered',
  'DefaultWarehouseChosen',
];
