import type { Modifier } from '../catalog/events.js';
import { DomainError } from '../shared/domain-error.js';
import { addMoney, maxMoney, minMoney, money, percentageOf, type Money } from '../shared/money.js';

/**
 * A payment mode's bonus or malus (specification 001: "disabled, a
 * percentage or an amount, with a cap"). Positive is a bonus, negative a
 * malus. A percentage is a whole number from -100 to 100, not 0, with an
 * optional cap (in cents) that shares its sign: the most a bonus adds, or
 * (negative) the most a malus takes. An amount is a whole number of cents,
 * not 0; it needs no cap.
 */
export type PaymentModifier =
  | { readonly kind: 'disabled' }
  | { readonly kind: 'percentage'; readonly percent: number; readonly capInCents: number | null }
  | { readonly kind: 'amount'; readonly amountInCents: number };

export const DISABLED_MODIFIER: PaymentModifier = { kind: 'disabled' };

export const MODIFIER_PERCENT_MIN = -100;
export const MODIFIER_PERCENT_MAX = 100;

/** Refuses a modifier the specification does not allow, with PAYMENT_MODIFIER_INVALID naming the field and why. */
export function validatePaymentModifier(modifier: PaymentModifier): PaymentModifier {
  const invalid = (field: string, reason: string, value: unknown) => new DomainError('PAYMENT_MODIFIER_INVALID', { field, reason, value });
  switch (modifier.kind) {
    case 'disabled':
      return modifier;
    case 'percentage': {
      const { percent, capInCents } = modifier;
      if (!Number.isInteger(percent)) throw invalid('percent', 'not_whole_number', percent);
      if (percent < MODIFIER_PERCENT_MIN || percent > MODIFIER_PERCENT_MAX) throw invalid('percent', 'out_of_range', percent);
      if (percent === 0) throw invalid('percent', 'zero', percent);
      if (capInCents !== null) {
        if (!Number.isSafeInteger(capInCents)) throw invalid('capInCents', 'not_integer_cents', capInCents);
        if (capInCents === 0 || Math.sign(capInCents) !== Math.sign(percent)) throw invalid('capInCents', 'sign_differs', capInCents);
      }
      return modifier;
    }
    case 'amount':
      if (!Number.isSafeInteger(modifier.amountInCents)) throw invalid('amountInCents', 'not_integer_cents', modifier.amountInCents);
      if (modifier.amountInCents === 0) throw invalid('amountInCents', 'zero', modifier.amountInCents);
      return modifier;
    default: {
      const unknown: never = modifier;
      throw invalid('kind', 'unknown', (unknown as { kind: unknown }).kind);
    }
  }
}

/**
 * What the modifier adds to (or, negative, takes from) the validated price.
 * Rounding: a percentage of the price is rounded half away from zero to the
 * cent (`percentageOf`: 10 % of 0.05 € is 0.01 €, -10 % of it -0.01 €),
 * then held within its cap. A malus never takes more than the price itself.
 */
export function paymentAdjustment(validatedPrice: Money, modifier: PaymentModifier): Money {
  return addMoney(paymentAmount(validatedPrice, modifier), money(-validatedPrice.amountInCents, validatedPrice.currency));
}

/**
 * What the customer is paid: the validated price plus the payment mode's
 * bonus or minus its malus, never below zero (a malus of 100 %, or an amount
 * larger than the price, pays nothing). Pure; refuses an invalid modifier
 * (PAYMENT_MODIFIER_INVALID) and a negative price (MONEY_NEGATIVE).
 */
export function paymentAmount(validatedPrice: Money, modifier: PaymentModifier): Money {
  validatePaymentModifier(modifier);
  if (validatedPrice.amountInCents < 0) throw new DomainError('MONEY_NEGATIVE', { amountInCents: validatedPrice.amountInCents });
  const zero = money(0, validatedPrice.currency);
  switch (modifier.kind) {
    case 'disabled':
      return validatedPrice;
    case 'percentage': {
      let adjustment = percentageOf(validatedPrice, modifier.percent);
      if (modifier.capInCents !== null) {
        const cap = money(modifier.capInCents, validatedPrice.currency);
        adjustment = modifier.percent > 0 ? minMoney(adjustment, cap) : maxMoney(adjustment, cap);
      }
      return maxMoney(addMoney(validatedPrice, adjustment), zero);
    }
    case 'amount':
      return maxMoney(addMoney(validatedPrice, money(modifier.amountInCents, validatedPrice.currency)), zero);
    default: {
      const unknown: never = modifier;
      throw new Error(`Unknown modifier ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * What the customer is paid for a device: the payment amount (the validated
 * price with the mode's bonus or malus) plus the circuit's bonus (negative:
 * its cost to the customer), never below zero. The estimate shows it
 * (catalog/pricing/customer-price.ts), the buyback registers its parts, the
 * payment pays it.
 */
export function amountWithCircuitBonus(validatedPrice: Money, modifier: PaymentModifier, circuitBonus: Money): Money {
  return maxMoney(addMoney(paymentAmount(validatedPrice, modifier), circuitBonus), money(0, validatedPrice.currency));
}

/**
 * The payment mode's modifier as the catalog kept it (`PaymentModeConfigured`
 * v1, the shipping methods): none is disabled; `fixed` is an amount in cents
 * (its cap means nothing); `percentage` keeps its cap. A modifier already in
 * this shape (a payment mode since v2) is returned as it is.
 */
export function paymentModifierOf(modifier: Modifier | PaymentModifier | null): PaymentModifier {
  if (modifier === null) return DISABLED_MODIFIER;
  if ('kind' in modifier) return modifier;
  return modifier.type === 'percentage'
    ? { kind: 'percentage', percent: modifier.value, capInCents: modifier.cappedAmountInCents }
    : { kind: 'amount', amountInCents: modifier.value };
}
