import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ABSORPTION_TYPES, type AbsorptionRule, type AbsorptionType } from '../buybacks/absorption.js';
import { money, type Money } from '../shared/money.js';
import { priceSummary } from './compliance.js';

const eur = (amountInCents: number): Money => money(amountInCents, 'EUR');
const rule = (type: AbsorptionType, value: number, maxAbsorbedAmountInCents: number | null = null): AbsorptionRule => ({
  type,
  value,
  maxAbsorbedAmountInCents,
});

/** Declared at 100.00 EUR throughout. */
const DECLARED = eur(10_000);

describe('priceSummary: what the check’s prices decide', () => {
  describe('a device worth at least its declared price', () => {
    it('is completed by price at the declared price when the prices are equal, nothing to absorb', () => {
      expect(priceSummary(DECLARED, eur(10_000), rule('value', 1_000))).toEqual({
        declaredPrice: DECLARED,
        controlledPrice: eur(10_000),
        deviation: eur(0),
        absorbable: eur(0),
        outcome: { kind: 'completed_by_price', validatedPrice: DECLARED },
      });
    });

    it('is completed by price at the declared price when it is worth more: the deviation is negative, nothing to absorb', () => {
      expect(priceSummary(DECLARED, eur(12_500), rule('percentage_of_controlled_price', 50))).toEqual({
        declaredPrice: DECLARED,
        controlledPrice: eur(12_500),
        deviation: eur(-2_500),
        absorbable: eur(0),
        outcome: { kind: 'completed_by_price', validatedPrice: DECLARED },
      });
    });
  });

  describe('a deviation each rule type absorbs', () => {
    const ABSORBED: [string, AbsorptionRule, Money, Money][] = [
      // rule, controlled price, absorbable
      ['value 10.00', rule('value', 1_000), eur(9_000), eur(1_000)],
      ['10% of the controlled price (91.00 → 9.10)', rule('percentage_of_controlled_price', 10), eur(9_100), eur(910)],
      ['10% of the declared price (10.00)', rule('percentage_of_declared_price', 10), eur(9_500), eur(1_000)],
    ];

    it.each(ABSORBED)('is completed with absorption under a rule of %s, at the declared price', (_title, absorption, controlled, absorbable) => {
      const deviation = eur(DECLARED.amountInCents - controlled.amountInCents);
      expect(priceSummary(DECLARED, controlled, absorption)).toEqual({
        declaredPrice: DECLARED,
        controlledPrice: controlled,
        deviation,
        absorbable,
        outcome: { kind: 'completed_with_absorption', absorbedAmount: deviation, validatedPrice: DECLARED },
      });
    });

    it('is completed with absorption when the deviation is exactly what the rule absorbs', () => {
      expect(priceSummary(DECLARED, eur(9_500), rule('value', 500)).outcome).toEqual({
        kind: 'completed_with_absorption',
        absorbedAmount: eur(500),
        validatedPrice: DECLARED,
      });
    });
  });

  describe('a deviation beyond the rule: a new price is proposed, the controlled price plus what the rule still absorbs', () => {
    const PROPOSED: [string, AbsorptionRule, Money, Money, Money][] = [
      // rule, controlled price, absorbable, proposed price
      ['none', rule('none', 5_000), eur(9_999), eur(0), eur(9_999)],
      ['value 5.00, one cent short', rule('value', 500), eur(9_499), eur(500), eur(9_999)],
      ['value 5.00', rule('value', 500), eur(8_000), eur(500), eur(8_500)],
      ['10% of the controlled price (90.00 → 9.00)', rule('percentage_of_controlled_price', 10), eur(9_000), eur(900), eur(9_900)],
      ['10% of the declared price (10.00)', rule('percentage_of_declared_price', 10), eur(8_000), eur(1_000), eur(9_000)],
    ];

    it.each(PROPOSED)('under a rule of %s', (_title, absorption, controlled, absorbable, proposed) => {
      const summary = priceSummary(DECLARED, controlled, absorption);
      expect(summary.deviation).toEqual(eur(DECLARED.amountInCents - controlled.amountInCents));
      expect(summary.absorbable).toEqual(absorbable);
      expect(summary.outcome).toEqual({ kind: 'price_proposal', proposedPrice: proposed, absorbedAmount: absorbable });
    });
  });

  describe('a capped rule', () => {
    it('absorbs no more than its cap: 20.00 capped at 3.00 absorbs a 3.00 deviation', () => {
      expect(priceSummary(DECLARED, eur(9_700), rule('value', 2_000, 300)).outcome).toEqual({
        kind: 'completed_with_absorption',
        absorbedAmount: eur(300),
        validatedPrice: DECLARED,
      });
    });

    it('proposes the controlled price plus the cap beyond it: 20.00 capped at 3.00, 5.00 deviation → 98.00', () => {
      const summary = priceSummary(DECLARED, eur(9_500), rule('value', 2_000, 300));
      expect(summary.absorbable).toEqual(eur(300));
      expect(summary.outcome).toEqual({ kind: 'price_proposal', proposedPrice: eur(9_800), absorbedAmount: eur(300) });
    });

    it('caps a percentage rule too: 50% of the declared price capped at 10.00', () => {
      expect(priceSummary(DECLARED, eur(7_000), rule('percentage_of_declared_price', 50, 1_000)).outcome).toEqual({
        kind: 'price_proposal',
        proposedPrice: eur(8_000),
        absorbedAmount: eur(1_000),
      });
    });
  });

  describe('a device worth nothing', () => {
    it('under a percentage of the controlled price, nothing is absorbed and 0.00 is proposed', () => {
      const summary = priceSummary(DECLARED, eur(0), rule('percentage_of_controlled_price', 20));
      expect(summary).toMatchObject({ deviation: DECLARED, absorbable: eur(0) });
      expect(summary.outcome).toEqual({ kind: 'price_proposal', proposedPrice: eur(0), absorbedAmount: eur(0) });
    });

    it('under a value rule, what the rule absorbs is proposed', () => {
      expect(priceSummary(DECLARED, eur(0), rule('value', 1_500)).outcome).toEqual({
        kind: 'price_proposal',
        proposedPrice: eur(1_500),
        absorbedAmount: eur(1_500),
      });
    });

    it('under a rule absorbing it all, it is completed with absorption of the whole declared price', () => {
      expect(priceSummary(DECLARED, eur(0), rule('percentage_of_declared_price', 100)).outcome).toEqual({
        kind: 'completed_with_absorption',
        absorbedAmount: DECLARED,
        validatedPrice: DECLARED,
      });
    });
  });

  it('gives amounts in the currency of the prices', () => {
    const gbp = (cents: number) => money(cents, 'GBP');
    expect(priceSummary(gbp(10_000), gbp(9_000), rule('value', 300)).outcome).toEqual({
      kind: 'price_proposal',
      proposedPrice: gbp(9_300),
      absorbedAmount: gbp(300),
    });
  });

  describe('whatever the prices and the rule', () => {
    const ruleArbitrary = fc.record({
      type: fc.constantFrom(...ABSORPTION_TYPES),
      value: fc.integer({ min: 0, max: 20_000 }),
      maxAbsorbedAmountInCents: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null }),
    });
    const cents = fc.integer({ min: 0, max: 1_000_000 });

    it('a proposal is below the declared price and at least the controlled one; a completion is at the declared price', () => {
      fc.assert(
        fc.property(cents, cents, ruleArbitrary, (declared, controlled, absorption) => {
          const { outcome, absorbable } = priceSummary(eur(declared), eur(controlled), absorption);
          if (outcome.kind === 'price_proposal') {
            expect(outcome.proposedPrice.amountInCents).toBeLessThan(declared);
            expect(outcome.proposedPrice.amountInCents).toBeGreaterThanOrEqual(controlled);
            expect(outcome.proposedPrice.amountInCents).toBe(controlled + absorbable.amountInCents);
          } else {
            expect(outcome.validatedPrice).toEqual(eur(declared));
          }
        }),
      );
    });

    it('nothing is absorbed beyond the deviation, nor ever a negative amount', () => {
      fc.assert(
        fc.property(cents, cents, ruleArbitrary, (declared, controlled, absorption) => {
          const { outcome } = priceSummary(eur(declared), eur(controlled), absorption);
          if (outcome.kind === 'completed_with_absorption') {
            expect(outcome.absorbedAmount.amountInCents).toBe(declared - controlled);
            expect(outcome.absorbedAmount.amountInCents).toBeGreaterThan(0);
          }
          if (outcome.kind === 'price_proposal') expect(outcome.absorbedAmount.amountInCents).toBeGreaterThanOrEqual(0);
        }),
      );
    });
  });
});
