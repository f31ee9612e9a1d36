import { money, minMoney, percentageOf, type Money } from '../shared/money.js';

/**
 * The retailer's absorption rule (set on a category): how much of a price
 * deviation found at the check the retailer absorbs instead of asking the
 * customer to accept a lower price.
 *  - none: nothing is absorbed;
 *  - value: up to `value` cents;
 *  - percentage_of_controlled_price / percentage_of_declared_price: up to
 *    `value` percent of that price;
 * in every case capped by `maxAbsorbedAmountInCents` when it is set.
 */
export const ABSORPTION_TYPES = [
  'none',
  'value',
  'percentage_of_controlled_price',
  'percentage_of_declared_price',
] as const;
export type AbsorptionType = (typeof ABSORPTION_TYPES)[number];

export interface AbsorptionRule {
  type: AbsorptionType;
  value: number;
  maxAbsorbedAmountInCents: number | null;
}

export function absorbableAmount(rule: AbsorptionRule, declared: Money, controlled: Money): Money {
  const limit = ruleLimit(rule, declared, controlled);
  const capped =
    rule.maxAbsorbedAmountInCents === null ? limit : minMoney(limit, money(rule.maxAbsorbedAmountInCents, declared.currency));
  return capped.amountInCents < 0 ? money(0, declared.currency) : capped;
}

function ruleLimit(rule: AbsorptionRule, declared: Money, controlled: Money): Money {
  switch (rule.type) {
    case 'none':
      return money(0, declared.currency);
    case 'value':
      return money(Math.round(rule.value), declared.currency);
    case 'percentage_of_controlled_price':
      return percentageOf(controlled, rule.value);
    case 'percentage_of_declared_price':
      return percentageOf(declared, rule.value);
    default: {
      const unknown: never = rule.type;
      throw new Error(`Unknown absorption type ${String(unknown)}`);
    }
  }
}
