import { PRODUCT_STATES } from '../../catalog/estimate.js';
import { DomainError } from '../../shared/domain-error.js';

/**
 * Warehouse dispatch rules (specification 001, "Warehouse dispatch rule"): a
 * retailer administrator says which warehouse receives a new buyback's
 * device from what is known when it is registered: its brand, its category,
 * the circuit it came through and the state the customer declared. A rule
 * is a title, conditions that must all hold, the destination warehouses and
 * whether to send to the nearest of them. The first rule in the account's
 * order that applies decides (choose.ts); none applying, the account's
 * default warehouse does.
 */

export const DISPATCH_ATTRIBUTES = ['brand', 'category', 'circuit', 'productState'] as const;
export type DispatchAttribute = (typeof DISPATCH_ATTRIBUTES)[number];

/** `in`: the fact is one of the values; `not_in`: it is none of them. */
export const DISPATCH_OPERATORS = ['in', 'not_in'] as const;
export type DispatchOperator = (typeof DISPATCH_OPERATORS)[number];

export interface DispatchCondition {
  attribute: DispatchAttribute;
  operator: DispatchOperator;
  /** Brands as typed (compared whatever their case), category and circuit ids, product states (`grade_a`, `functional`…). */
  values: readonly string[];
}

/** What an administrator writes: everything of a rule but its id and its time. */
export interface DispatchRuleInput {
  title: string;
  conditions: readonly DispatchCondition[];
  /** In the administrator's order: without `nearest`, the first that still exists receives the device. */
  warehouseIds: readonly string[];
  /** The geographic criterion: the destination nearest to the store (or to the web customer) receives it. */
  nearest: boolean;
}

export interface DispatchRule extends DispatchRuleInput {
  ruleId: string;
  /** When it was created or last changed (UTC ISO-8601): the time its last create or update event was recorded. */
  updatedAt: string;
}

/**
 * The bounds of a rule and of an account's rules. The specification gives
 * none but "at least one"; these keep a rule readable on one screen and a
 * choice among all an account's rules well under a millisecond
 * (bench/dispatch-choice.ts). Four attributes and two operators make eight
 * useful conditions; twenty leave room for a rule written in pieces.
 */
export const DISPATCH_LIMITS = {
  titleLength: 255,
  conditions: 20,
  values: 100,
  valueLength: 255,
  warehouses: 50,
  rules: 500,
} as const;

/**
 * Checks what an administrator wrote and returns it normalised: the title
 * and the values trimmed, blank values and repeated ones dropped (a brand
 * repeated in other capitals is the same brand: the first spelling is kept).
 * Throws a DomainError with a stable code and what was wrong; bounds are
 * measured on the normalised text.
 */
export function validateRuleInput(input: DispatchRuleInput): DispatchRuleInput {
  const title = typeof input.title === 'string' ? input.title.trim() : '';
  if (title === '') throw new DomainError('DISPATCH_RULE_TITLE_REQUIRED');
  if (title.length > DISPATCH_LIMITS.titleLength) throw new DomainError('DISPATCH_RULE_TITLE_TOO_LONG', { max: DISPATCH_LIMITS.titleLength });

  const given = input.conditions ?? [];
  if (given.length === 0) throw new DomainError('DISPATCH_RULE_CONDITION_REQUIRED');
  if (given.length > DISPATCH_LIMITS.conditions) {
    throw new DomainError('DISPATCH_RULE_TOO_MANY', { field: 'conditions', max: DISPATCH_LIMITS.conditions });
  }
  const conditions = given.map((condition, index) => validCondition(condition, index));

  const warehouseIds = input.warehouseIds ?? [];
  if (warehouseIds.length === 0) throw new DomainError('DISPATCH_RULE_WAREHOUSE_REQUIRED');
  if (warehouseIds.length > DISPATCH_LIMITS.warehouses) {
    throw new DomainError('DISPATCH_RULE_TOO_MANY', { field: 'warehouseIds', max: DISPATCH_LIMITS.warehouses });
  }
  const seen = new Set<string>();
  for (const [index, warehouseId] of warehouseIds.entries()) {
    // An id is not normalised (it is not text anyone typed), but a blank one names no warehouse.
    if (typeof warehouseId !== 'string' || warehouseId.trim() === '') throw new DomainError('DISPATCH_RULE_WAREHOUSE_REQUIRED', { index });
    // Refused rather than dropped: the order of the destinations matters, and a repeated one says the form went wrong.
    if (seen.has(warehouseId)) throw new DomainError('DISPATCH_RULE_WAREHOUSE_DUPLICATE', { warehouseId });
    seen.add(warehouseId);
  }

  return { title, conditions, warehouseIds: [...warehouseIds], nearest: input.nearest === true };
}

const PRODUCT_STATE_VALUES: ReadonlySet<string> = new Set(PRODUCT_STATES);

function validCondition(condition: DispatchCondition, index: number): DispatchCondition {
  const { attribute, operator } = condition;
  if (!DISPATCH_ATTRIBUTES.includes(attribute)) throw new DomainError('DISPATCH_RULE_CONDITION_INVALID', { index, field: 'attribute', value: attribute });
  if (!DISPATCH_OPERATORS.includes(operator)) throw new DomainError('DISPATCH_RULE_CONDITION_INVALID', { index, field: 'operator', value: operator });

  const values: string[] = [];
  const keys = new Set<string>();
  for (const raw of condition.values ?? []) {
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (value === '') continue;
    if (value.length > DISPATCH_LIMITS.valueLength) {
      throw new DomainError('DISPATCH_RULE_CONDITION_VALUE_TOO_LONG', { index, max: DISPATCH_LIMITS.valueLength });
    }
    // A state the catalogue does not know would never match: with `not_in`, the rule would silently match everything.
    if (attribute === 'productState' && !PRODUCT_STATE_VALUES.has(value)) {
      throw new DomainError('DISPATCH_RULE_CONDITION_INVALID', { index, field: 'values', value });
    }
    const key = attribute === 'brand' ? brandKey(value) : value;
    if (keys.has(key)) continue;
    keys.add(key);
    values.push(value);
  }
  if (values.length === 0) throw new DomainError('DISPATCH_RULE_CONDITION_VALUES_REQUIRED', { index });
  if (values.length > DISPATCH_LIMITS.values) throw new DomainError('DISPATCH_RULE_TOO_MANY', { field: 'values', index, max: DISPATCH_LIMITS.values });
  return { attribute, operator, values };
}

/**
 * How brands compare: whatever their case and the spaces around them
 * ("Apple", " APPLE "). Brands are typed by administrators and by the
 * catalogue's editors, who do not agree on capitals.
 */
export function brandKey(brand: string): string {
  return brand.trim().toLowerCase();
}
