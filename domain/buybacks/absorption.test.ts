import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money, type Money } from '../shared/money.js';
import { ABSORPTION_TYPES, absorbableAmount, type AbsorptionRule, type AbsorptionType } from './absorption.js';

const eur = (amountInCents: number): Money => money(amountInCents, 'EUR');
const rule = (type: AbsorptionType, value: number, maxAbsorbedAmountInCents: number | null = null): AbsorptionRule => ({
  type,
  value,
  maxAbsorbedAmountInCents,
});

describe('absorbableAmount', () => {
  describe('by rule type', () => {
    it('absorbs nothing with the rule none, whatever its value', () => {
      expect(absorbableAmount(rule('none', 5_000), eur(10_000), eur(9_000))).toEqual(eur(0));
    });

    it('absorbs up to the value in cents with the rule value', () => {
      expect(absorbableAmount(rule('value', 750), eur(10_000), eur(9_000))).toEqual(eur(750));
    });

    it('absorbs a percentage of the controlled price with percentage_of_controlled_price', () => {
      expect(absorbableAmount(rule('percentage_of_controlled_price', 10), eur(10_000), eur(8_000))).toEqual(eur(800));
    });

    it('absorbs a percentage of the declared price with percentage_of_declared_price', () => {
      expect(absorbableAmount(rule('percentage_of_declared_price', 10), eur(10_000), eur(8_000))).toEqual(eur(1_000));
    });

    it('returns an amount in the currency of the declared price', () => {
      expect(absorbableAmount(rule('value', 300), money(10_000, 'GBP'), money(9_000, 'GBP'))).toEqual(money(300, 'GBP'));
    });
  });

  describe('rounding to the cent', () => {
    it('rounds a fractional value to the nearest cent', () => {
      expect(absorbableAmount(rule('value', 12.4), eur(10_000), eur(9_000))).toEqual(eur(12));
      expect(absorbableAmount(rule('value', 12.5), eur(10_000), eur(9_000))).toEqual(eur(13));
    });

    it('rounds half a cent up on a percentage of the controlled price (10% of 90.05 = 9.005 → 9.01)', () => {
      expect(absorbableAmount(rule('percentage_of_controlled_price', 10), eur(10_000), eur(9_005))).toEqual(eur(901));
    });

    it('rounds half a cent up on a percentage of the declared price (50% of 3.33 = 1.665 → 1.67)', () => {
      expect(absorbableAmount(rule('percentage_of_declared_price', 50), eur(333), eur(300))).toEqual(eur(167));
    });

    it('rounds below half a cent down (2.5% of 100.01 = 2.50025 → 2.50)', () => {
      expect(absorbableAmount(rule('percentage_of_declared_price', 2.5), eur(10_001), eur(9_000))).toEqual(eur(250));
    });

    it('rounds above half a cent up (15% of 100.05 = 15.0075 → 15.01)', () => {
      expect(absorbableAmount(rule('percentage_of_declared_price', 15), eur(10_005), eur(9_000))).toEqual(eur(1_501));
    });
  });

  describe('cap by maxAbsorbedAmountInCents', () => {
    it('caps a value above the maximum', () => {
      expect(absorbableAmount(rule('value', 2_000, 300), eur(10_000), eur(9_000))).toEqual(eur(300));
    });

    it('caps a percentage above the maximum', () => {
      expect(absorbableAmount(rule('percentage_of_declared_price', 50, 1_234), eur(10_000), eur(9_000))).toEqual(eur(1_234));
    });

    it('leaves an amount below the maximum unchanged', () => {
      expect(absorbableAmount(rule('value', 200, 300), eur(10_000), eur(9_000))).toEqual(eur(200));
    });

    it('leaves an amount equal to the maximum unchanged', () => {
      expect(absorbableAmount(rule('value', 300, 300), eur(10_000), eur(9_000))).toEqual(eur(300));
    });

    it('absorbs nothing with a maximum of zero', () => {
      expect(absorbableAmount(rule('value', 2_000, 0), eur(10_000), eur(9_000))).toEqual(eur(0));
    });

    it('does not cap when the maximum is null', () => {
      expect(absorbableAmount(rule('value', 1_000_000, null), eur(10_000), eur(9_000))).toEqual(eur(1_000_000));
    });
  });

  describe('negative guard', () => {
    it('never returns less than zero for a negative value', () => {
      expect(absorbableAmount(rule('value', -500), eur(10_000), eur(9_000))).toEqual(eur(0));
    });

    it('never returns less than zero for a negative percentage', () => {
      expect(absorbableAmount(rule('percentage_of_declared_price', -10), eur(10_000), eur(9_000))).toEqual(eur(0));
    });

    it('never returns less than zero for a negative controlled price', () => {
      expect(absorbableAmount(rule('percentage_of_controlled_price', 10), eur(10_000), eur(-1_000))).toEqual(eur(0));
    });

    it('never returns less than zero for a negative maximum', () => {
      expect(absorbableAmount(rule('value', 500, -100), eur(10_000), eur(9_000))).toEqual(eur(0));
    });
  });

  it('always returns whole, non-negative cents no greater than a non-negative maximum', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ABSORPTION_TYPES),
        fc.double({ min: -1_000, max: 100_000, noNaN: true }),
        fc.option(fc.integer({ min: 0, max: 1_000_000 })),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (type, value, max, declared, controlled) => {
          const amount = absorbableAmount(rule(type, value, max), eur(declared), eur(controlled));
          expect(Number.isSafeInteger(amount.amountInCents)).toBe(true);
          expect(amount.amountInCents).toBeGreaterThanOrEqual(0);
          if (max !== null) expect(amount.amountInCents).toBeLessThanOrEqual(max);
          expect(amount.currency).toBe('EUR');
        },
      ),
    );
  });
});
