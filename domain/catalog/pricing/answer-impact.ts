import { percentageOf, type Money } from '../../shared/money.js';

/** fixed: cents added (negative lowers the price); percentage: percent of the grade's price. */
export interface PriceImpact {
  type: 'fixed' | 'percentage';
  value: number;
}

/**
 * What one answer adds to (or takes from) the grade's price, in cents: a
 * fixed amount rounded to the cent, or a percentage of the grade's price
 * rounded half away from zero (`percentageOf`: 5 % of 0.10 € is 0.01 €,
 * -5 % of it -0.01 €).
 */
export function answerImpactInCents(impact: PriceImpact | null, gradePrice: Money): number {
  if (impact === null) return 0;
  return impact.type === 'fixed' ? Math.round(impact.value) : percentageOf(gradePrice, impact.value).amountInCents;
}
