import { distanceKm, type Coordinates } from './geo.js';
import { brandKey, type DispatchAttribute, type DispatchRule } from './rules.js';

/**
 * Which warehouse receives a new buyback's device: the first rule, in the
 * account's order, whose conditions all hold and one of whose destinations
 * still exists; else the account's default warehouse, if it still exists;
 * else none (the caller refuses the buyback: "no warehouse matches the
 * category"). Pure: the application reads the rules, the warehouses and the
 * facts.
 */

export interface DispatchWarehouse {
  /** Where it is (geo.ts, from its postal code); null when unknown: it is then never the nearest. */
  coordinates: Coordinates | null;
}

export interface DispatchConfig {
  /** In the account's order. */
  rules: readonly DispatchRule[];
  defaultWarehouseId: string | null;
  /** The warehouses that exist now, by id: a rule's destination or a default missing here has been deleted. */
  warehouses: ReadonlyMap<string, DispatchWarehouse>;
}

export interface DispatchFacts {
  brand: string;
  /** The product's category and all its ancestors: a rule naming a parent category covers its children. */
  categoryIds: readonly string[];
  circuitId: string;
  /** The state (grade) the customer declared: `grade_a`…`grade_e`, `functional`. */
  productState: string;
  /** The store's coordinates for a store buyback, the customer's for a web one; null when unknown. */
  origin: Coordinates | null;
}

export interface DispatchChoice {
  warehouseId: string;
  by: 'rule' | 'default';
  ruleId: string | null;
  ruleTitle: string | null;
  /** Whether the distance decided: a rule sending to the nearest, an origin, and the chosen destination's coordinates. */
  nearest: boolean;
  /** The distance from the origin to the chosen warehouse, when the distance decided. */
  distanceKm: number | null;
}

/** The rules compiled once for many choices (an account's rules change rarely; buybacks arrive all day). */
export interface PreparedDispatch {
  choose(facts: DispatchFacts): DispatchChoice | null;
}

/** Two destinations whose distances differ by less than this are as near as each other: the one listed first wins. */
export const DISTANCE_TIE_KM = 0.001;

const ATTRIBUTE_CODES: Readonly<Record<DispatchAttribute, number>> = { brand: 0, category: 1, circuit: 2, productState: 3 };

/**
 * Lists up to this long are searched as they are: building a set costs more
 * than it saves on a few values, and a caller choosing once (chooseWarehouse)
 * pays for every set of every rule it tries.
 */
const SET_FROM = 16;

interface CompiledCondition {
  attribute: number;
  /** `not_in`. */
  negated: boolean;
  /** Brands by brandKey; ids and states as they are. */
  values: readonly string[];
  /** The same values as a set, for a long list; null for a short one. */
  set: ReadonlySet<string> | null;
}

interface CompiledDestination {
  warehouseId: string;
  coordinates: Coordinates | null;
}

interface CompiledRule {
  ruleId: string;
  title: string;
  nearest: boolean;
  conditions: readonly CompiledCondition[];
  /** Only those that exist, in the rule's order; never empty (a rule left without any is dropped). */
  destinations: readonly CompiledDestination[];
}

/**
 * Compiles the rules for many choices: long value lists become sets, brands
 * are lowered once, destinations that no longer exist are dropped, and so are
 * rules left without any (skipped, as if they did not match). Prepare again
 * when the rules, the default or the warehouses change. The config is not
 * kept: changing it afterwards does not change the prepared choice.
 */
export function prepareDispatch(config: DispatchConfig): PreparedDispatch {
  const rules: CompiledRule[] = [];
  for (const rule of config.rules) {
    const destinations: CompiledDestination[] = [];
    for (const warehouseId of rule.warehouseIds) {
      const warehouse = config.warehouses.get(warehouseId);
      if (warehouse) destinations.push({ warehouseId, coordinates: warehouse.coordinates });
    }
    if (destinations.length === 0) continue;
    rules.push({
      ruleId: rule.ruleId,
      title: rule.title,
      nearest: rule.nearest,
      conditions: rule.conditions.map((condition) => {
        const values = condition.attribute === 'brand' ? condition.values.map(brandKey) : condition.values.slice();
        return { attribute: ATTRIBUTE_CODES[condition.attribute], negated: condition.operator === 'not_in', values, set: values.length >= SET_FROM ? new Set(values) : null };
      }),
      destinations,
    });
  }
  const { defaultWarehouseId } = config;
  const fallback: DispatchChoice | null =
    defaultWarehouseId !== null && config.warehouses.has(defaultWarehouseId)
      ? { warehouseId: defaultWarehouseId, by: 'default', ruleId: null, ruleTitle: null, nearest: false, distanceKm: null }
      : null;

  return {
    choose(facts) {
      const brand = brandKey(facts.brand);
      for (const rule of rules) {
        if (!allHold(rule.conditions, facts, brand)) continue;
        return rule.nearest && facts.origin ? nearestOf(rule, facts.origin) : byRule(rule, rule.destinations[0] as CompiledDestination, null);
      }
      return fallback && { ...fallback };
    },
  };
}

/** One choice. For many with the same rules, prepare them once (prepareDispatch) and keep the prepared form. */
export function chooseWarehouse(config: DispatchConfig, facts: DispatchFacts): DispatchChoice | null {
  return prepareDispatch(config).choose(facts);
}

function allHold(conditions: readonly CompiledCondition[], facts: DispatchFacts, brand: string): boolean {
  for (const condition of conditions) {
    if (holds(condition, facts, brand) === condition.negated) return false;
  }
  return true;
}

/** Whether the fact is one of the condition's values (for categories: any of the product's categories is). */
function holds(condition: CompiledCondition, facts: DispatchFacts, brand: string): boolean {
  switch (condition.attribute) {
    case 0:
      return named(condition, brand);
    case 1:
      for (const categoryId of facts.categoryIds) if (named(condition, categoryId)) return true;
      return false;
    case 2:
      return named(condition, facts.circuitId);
    default:
      return named(condition, facts.productState);
  }
}

function named(condition: CompiledCondition, fact: string): boolean {
  return condition.set ? condition.set.has(fact) : condition.values.includes(fact);
}

function byRule(rule: CompiledRule, destination: CompiledDestination, distance: number | null): DispatchChoice {
  return { warehouseId: destination.warehouseId, by: 'rule', ruleId: rule.ruleId, ruleTitle: rule.title, nearest: distance !== null, distanceKm: distance };
}

/**
 * The destination nearest to the origin. Those without coordinates come
 * after every one with coordinates (and among themselves, in the rule's
 * order); a tie within DISTANCE_TIE_KM goes to the one listed first, so the
 * administrator's order still says something when two warehouses share a
 * department.
 */
function nearestOf(rule: CompiledRule, origin: Coordinates): DispatchChoice {
  let best: CompiledDestination | null = null;
  let bestKm = Number.POSITIVE_INFINITY;
  for (const destination of rule.destinations) {
    if (!destination.coordinates) continue;
    const km = distanceKm(origin, destination.coordinates);
    if (best === null || km < bestKm - DISTANCE_TIE_KM) {
      best = destination;
      bestKm = km;
    }
  }
  return best === null ? byRule(rule, rule.destinations[0] as CompiledDestination, null) : byRule(rule, best, bestKm);
}
