import { amountWithCircuitBonus, paymentAdjustment, type PaymentModifier } from '../../payments/modifier.js';
import { money, type Money } from '../../shared/money.js';
import { effectivePaymentModifier } from './premium-features.js';

/**
 * The price a customer sees for one device, one payment mode and one
 * circuit: the diagnostic's price (the grade's price plus the answers'
 * impacts, `estimate`), plus the payment mode's bonus or malus when the
 * retailer has `payment_bonus` (a percentage of the diagnostic's price in
 * cents, rounded half away from zero, then held within its cap; or a fixed
 * amount), plus the circuit's bonus to the customer (whole cents, negative:
 * a cost). Never below zero.
 */
export interface CustomerPriceInput {
  diagnosticPrice: Money;
  paymentModifier: PaymentModifier;
  /** The circuit's bonus (positive) or cost (negative) to the customer; null: none. */
  circuitBonusInCents: number | null;
  /** The retailer's premium features. */
  features: readonly string[];
}

export interface CustomerPrice {
  diagnosticPrice: Money;
  /** What the payment mode adds (or takes); zero without `payment_bonus`. */
  paymentAdjustment: Money;
  circuitBonus: Money;
  total: Money;
}

export function customerPrice(input: CustomerPriceInput): CustomerPrice {
  const { diagnosticPrice, circuitBonusInCents } = input;
  // money() refuses a bonus in fractions of a cent (MONEY_NOT_INTEGER_CENTS).
  const circuitBonus = money(circuitBonusInCents ?? 0, diagnosticPrice.currency);
  return registeredPrice(diagnosticPrice, { paymentModifier: effectivePaymentModifier(input.paymentModifier, input.features), circuitBonus });
}

/**
 * The same price from what a buyback registered (`BuybackPricing`: the
 * modifier as it applied then, the circuit's bonus) at a device's price
 * (declared, or validated after the check). The total is the payment's own
 * rule (payments/modifier.ts `amountWithCircuitBonus`): what is shown is
 * what a payment at that price pays.
 */
export function registeredPrice(diagnosticPrice: Money, pricing: { paymentModifier: PaymentModifier; circuitBonus: Money }): CustomerPrice {
  const { paymentModifier, circuitBonus } = pricing;
  return {
    diagnosticPrice,
    paymentAdjustment: paymentAdjustment(diagnosticPrice, paymentModifier),
    circuitBonus,
    total: amountWithCircuitBonus(diagnosticPrice, paymentModifier, circuitBonus),
  };
}
