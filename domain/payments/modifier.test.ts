import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { money, type Money } from '../shared/money.js';
import { domainErrorOf } from '../shared/test-support.js';
import { DISABLED_MODIFIER, paymentAdjustment, paymentAmount, paymentModifierOf, validatePaymentModifier, type PaymentModifier } from './modifier.js';

const eur = (amountInCents: number): Money => money(amountInCents, 'EUR');
const percentage = (percent: number, capInCents: number | null = null): PaymentModifier => ({ kind: 'percentage', percent, capInCents });
const amount = (amountInCents: number): PaymentModifier => ({ kind: 'amount', amountInCents });

/** Prices within the specification's bounds (0 to 50,000.00). */
const price = fc.integer({ min: 0, max: 5_000_000 }).map(eur);
const percent = fc.integer({ min: -100, max: 100 }).filter((p) => p !== 0);
const validModifier: fc.Arbitrary<PaymentModifier> = fc.oneof(
  fc.constant(DISABLED_MODIFIER),
  fc.tuple(percent, fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: null })).map(([p, cap]) => percentage(p, cap === null ? null : Math.sign(p) * cap)),
  fc.integer({ min: -1_000_000, max: 1_000_000 }).filter((a) => a !== 0).map(amount),
);

function direction(modifier: PaymentModifier): number {
  if (modifier.kind === 'disabled') return 0;
  return Math.sign(modifier.kind === 'percentage' ? modifier.percent : modifier.amountInCents);
}

describe('the amount paid: the validated price with the bonus or malus', () => {
  it('given no modifier, then the customer is paid the validated price', () => {
    expect(paymentAmount(eur(12_345), DISABLED_MODIFIER)).toEqual(eur(12_345));
  });

  it('given a 10 % bonus on 123.45 €, then 12.345 € rounds half away from zero to 12.35 € and 135.80 € is paid', () => {
    expect(paymentAmount(eur(12_345), percentage(10))).toEqual(eur(13_580));
  });

  it('given a 10 % malus on 123.45 €, then -12.345 € rounds to -12.35 € and 111.10 € is paid', () => {
    expect(paymentAmount(eur(12_345), percentage(-10))).toEqual(eur(11_110));
  });

  it('rounds half a cent away from zero, both ways', () => {
    expect(paymentAdjustment(eur(5), percentage(10))).toEqual(eur(1));
    expect(paymentAdjustment(eur(5), percentage(-10))).toEqual(eur(-1));
    expect(paymentAdjustment(eur(4), percentage(10))).toEqual(eur(0));
  });

  it('holds a bonus within its cap and a malus within its (negative) cap', () => {
    expect(paymentAmount(eur(100_000), percentage(20, 5_000))).toEqual(eur(105_000));
    expect(paymentAmount(eur(100_000), percentage(-20, -5_000))).toEqual(eur(95_000));
    // Below the cap, the percentage applies as it is.
    expect(paymentAmount(eur(10_000), percentage(20, 5_000))).toEqual(eur(12_000));
  });

  it('adds or takes a fixed amount', () => {
    expect(paymentAmount(eur(10_000), amount(1_500))).toEqual(eur(11_500));
    expect(paymentAmount(eur(10_000), amount(-1_500))).toEqual(eur(8_500));
  });

  it('never pays less than nothing: a 100 % malus, or a malus larger than the price, pays zero', () => {
    expect(paymentAmount(eur(10_000), percentage(-100))).toEqual(eur(0));
    expect(paymentAmount(eur(1_000), amount(-1_500))).toEqual(eur(0));
    expect(paymentAdjustment(eur(1_000), amount(-1_500))).toEqual(eur(-1_000));
  });

  it('keeps the currency of the price', () => {
    expect(paymentAmount(money(10_000, 'GBP'), amount(100))).toEqual(money(10_100, 'GBP'));
  });

  it('refuses a negative price', () => {
    expect(domainErrorOf(() => paymentAmount(eur(-1), DISABLED_MODIFIER)).code).toBe('MONEY_NEGATIVE');
  });

  it('is never negative; a bonus never lowers it, a malus never raises it, and a cap holds', () => {
    fc.assert(
      fc.property(price, validModifier, (validated, modifier) => {
        const paid = paymentAmount(validated, modifier);
        expect(paid.amountInCents).toBeGreaterThanOrEqual(0);
        expect(Number.isSafeInteger(paid.amountInCents)).toBe(true);
        const change = paid.amountInCents - validated.amountInCents;
        if (direction(modifier) > 0) expect(change).toBeGreaterThanOrEqual(0);
        if (direction(modifier) < 0) expect(change).toBeLessThanOrEqual(0);
        if (direction(modifier) === 0) expect(change).toBe(0);
        if (modifier.kind === 'percentage' && modifier.capInCents !== null) {
          expect(Math.abs(change)).toBeLessThanOrEqual(Math.abs(modifier.capInCents));
        }
        expect(paymentAdjustment(validated, modifier).amountInCents).toBe(change);
      }),
    );
  });

  it('gives a percentage within one cent of the exact share, before its cap and the floor at zero', () => {
    fc.assert(
      fc.property(price, percent, (validated, p) => {
        const exact = (validated.amountInCents * p) / 100;
        const change = paymentAdjustment(validated, percentage(p)).amountInCents;
        expect(Math.abs(change - exact)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});

describe('validating a modifier', () => {
  const refusal = (modifier: PaymentModifier) => domainErrorOf(() => validatePaymentModifier(modifier));

  it.each([
    ['a percentage of 0', percentage(0), 'percent', 'zero'],
    ['a percentage above 100', percentage(101), 'percent', 'out_of_range'],
    ['a percentage below -100', percentage(-101), 'percent', 'out_of_range'],
    ['a percentage that is not whole', percentage(12.5), 'percent', 'not_whole_number'],
    ['a percentage that is not a number', percentage(Number.NaN), 'percent', 'not_whole_number'],
    ['a bonus with a negative cap', percentage(10, -500), 'capInCents', 'sign_differs'],
    ['a malus with a positive cap', percentage(-10, 500), 'capInCents', 'sign_differs'],
    ['a cap of zero', percentage(10, 0), 'capInCents', 'sign_differs'],
    ['a cap in fractions of a cent', percentage(10, 10.5), 'capInCents', 'not_integer_cents'],
    ['an amount of zero', amount(0), 'amountInCents', 'zero'],
    ['an amount in fractions of a cent', amount(0.5), 'amountInCents', 'not_integer_cents'],
  ])('refuses %s with PAYMENT_MODIFIER_INVALID naming the field and why', (_title, modifier, field, reason) => {
    expect(refusal(modifier)).toMatchObject({ code: 'PAYMENT_MODIFIER_INVALID', details: { field, reason } });
    expect(domainErrorOf(() => paymentAmount(eur(10_000), modifier)).code).toBe('PAYMENT_MODIFIER_INVALID');
  });

  it('accepts the bounds: -100 and 100, with or without a cap of their sign', () => {
    for (const modifier of [percentage(100), percentage(-100), percentage(1, 1), percentage(-1, -1), amount(-1), amount(1), DISABLED_MODIFIER]) {
      expect(validatePaymentModifier(modifier)).toBe(modifier);
    }
  });
});

describe("reading the catalog's payment mode modifier", () => {
  it('reads none as disabled, a fixed one as an amount in cents, and a percentage with its cap', () => {
    expect(paymentModifierOf(null)).toEqual(DISABLED_MODIFIER);
    expect(paymentModifierOf({ type: 'fixed', value: -500, cappedAmountInCents: null })).toEqual(amount(-500));
    expect(paymentModifierOf({ type: 'percentage', value: 5, cappedAmountInCents: 1_000 })).toEqual(percentage(5, 1_000));
  });
});
