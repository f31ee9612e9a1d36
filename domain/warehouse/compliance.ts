import { absorbableAmount, type AbsorptionRule } from '../buybacks/absorption.js';
import { addMoney, compareMoney, money, subtractMoney, type Money } from '../shared/money.js';

/**
 * What the compliance check's prices decide (the summary step):
 *  - the controlled price is at least the declared one: completed by price,
 *    at the declared price (the customer gets what they were promised);
 *  - the deviation is within what the category's absorption rule absorbs:
 *    completed with absorption, at the declared price;
 *  - otherwise a new price is proposed to the customer: the controlled price
 *    plus what the rule still absorbs (the retailer absorbs its share even
 *    when it cannot absorb it all).
 */
export type PriceOutcome =
  | { kind: 'completed_by_price'; validatedPrice: Money }
  | { kind: 'completed_with_absorption'; absorbedAmount: Money; validatedPrice: Money }
  | { kind: 'price_proposal'; proposedPrice: Money; absorbedAmount: Money };

export interface PriceSummary {
  declaredPrice: Money;
  controlledPrice: Money;
  /** Declared minus controlled: positive when the device is worth less than declared. */
  deviation: Money;
  /** What the rule allows to absorb of this deviation. */
  absorbable: Money;
  outcome: PriceOutcome;
}

export function priceSummary(declaredPrice: Money, controlledPrice: Money, rule: AbsorptionRule): PriceSummary {
  const deviation = subtractMoney(declaredPrice, controlledPrice);
  const absorbable = compareMoney(controlledPrice, declaredPrice) >= 0 ? money(0, declaredPrice.currency) : absorbableAmount(rule, declaredPrice, controlledPrice);
  return { declaredPrice, controlledPrice, deviation, absorbable, outcome: outcomeOf(declaredPrice, controlledPrice, deviation, absorbable) };
}

function outcomeOf(declared: Money, controlled: Money, deviation: Money, absorbable: Money): PriceOutcome {
  if (compareMoney(controlled, declared) >= 0) return { kind: 'completed_by_price', validatedPrice: declared };
  if (compareMoney(deviation, absorbable) <= 0) return { kind: 'completed_with_absorption', absorbedAmount: deviation, validatedPrice: declared };
  return { kind: 'price_proposal', proposedPrice: addMoney(controlled, absorbable), absorbedAmount: absorbable };
}
