import { describe, expect, it } from 'vitest';
import { domainErrorOf as errorOf } from './test-support.js';
import fc from 'fast-check';
import {
  CURRENCIES,
  type Currency,
  addMoney,
  compareMoney,
  maxMoney,
  minMoney,
  money,
  percentageOf,
  subtractMoney,
} from './money.js';


const currency = fc.constantFrom(...CURRENCIES);
/** Amounts small enough that sums of two never leave the safe-integer range. */
const cents = fc.integer({ min: -1e12, max: 1e12 });
const eur = (amountInCents: number) => money(amountInCents, 'EUR');

/** Reference: `numerator / denominator` rounded half away from zero, in exact integer arithmetic. */
function roundHalfAwayFromZero(numerator: bigint, denominator: bigint): number {
  const magnitude = numerator < 0n ? -numerator : numerator;
  const q = magnitude / denominator + ((magnitude % denominator) * 2n >= denominator ? 1n : 0n);
  return Number(numerator < 0n ? -q : q);
}

describe('money', () => {
  it('holds integer cents only', () => {
    for (const amount of [0.5, 10.01, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1]) {
      expect(errorOf(() => money(amount, 'EUR'))).toMatchObject({
        code: 'MONEY_NOT_INTEGER_CENTS',
        details: { amountInCents: amount },
      });
    }
    fc.assert(
      fc.property(fc.double({ noNaN: true }).filter((x) => !Number.isSafeInteger(x)), (amount) => {
        expect(errorOf(() => money(amount, 'EUR')).code).toBe('MONEY_NOT_INTEGER_CENTS');
      }),
    );
  });

  it('accepts any safe integer in a known currency', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), currency, (amount, c) => {
        expect(money(amount, c)).toEqual({ amountInCents: amount, currency: c });
      }),
    );
  });

  it('refuses an unknown currency', () => {
    expect(errorOf(() => money(100, 'JPY' as Currency))).toMatchObject({
      code: 'MONEY_UNKNOWN_CURRENCY',
      details: { currency: 'JPY' },
    });
  });
});

describe('money arithmetic', () => {
  it('adds commutatively and associatively', () => {
    fc.assert(
      fc.property(cents, cents, cents, currency, (a, b, c, cur) => {
        const [x, y, z] = [money(a, cur), money(b, cur), money(c, cur)];
        expect(addMoney(x, y)).toEqual(addMoney(y, x));
        expect(addMoney(addMoney(x, y), z)).toEqual(addMoney(x, addMoney(y, z)));
        expect(addMoney(x, money(0, cur))).toEqual(x);
      }),
    );
  });

  it('undoes an addition by subtracting', () => {
    fc.assert(
      fc.property(cents, cents, currency, (a, b, cur) => {
        const [x, y] = [money(a, cur), money(b, cur)];
        expect(subtractMoney(addMoney(x, y), y)).toEqual(x);
        expect(addMoney(subtractMoney(x, y), y)).toEqual(x);
        expect(subtractMoney(x, x).amountInCents).toBe(0);
      }),
    );
  });

  it('refuses to leave the safe-integer range', () => {
    expect(errorOf(() => addMoney(eur(Number.MAX_SAFE_INTEGER), eur(1))).code).toBe('MONEY_NOT_INTEGER_CENTS');
  });

  it('refuses to mix currencies in every operation', () => {
    // Given two amounts in different currencies
    const euros = money(100, 'EUR');
    const pounds = money(100, 'GBP');
    // When they are combined, Then the mismatch is named
    for (const operation of [addMoney, subtractMoney, compareMoney, maxMoney, minMoney]) {
      expect(errorOf(() => operation(euros, pounds))).toMatchObject({
        code: 'MONEY_CURRENCY_MISMATCH',
        details: { left: 'EUR', right: 'GBP' },
      });
    }
  });

  it('orders amounts and picks the larger and smaller', () => {
    fc.assert(
      fc.property(cents, cents, (a, b) => {
        expect(compareMoney(eur(a), eur(b))).toBe(Math.sign(a - b));
        expect(compareMoney(eur(a), eur(b))).toBe(-compareMoney(eur(b), eur(a)) || 0);
        expect(maxMoney(eur(a), eur(b)).amountInCents).toBe(Math.max(a, b));
        expect(minMoney(eur(a), eur(b)).amountInCents).toBe(Math.min(a, b));
      }),
    );
  });
});

describe('percentageOf', () => {
  it('rounds half a cent away from zero', () => {
    expect(percentageOf(eur(5), 10)).toEqual(eur(1)); // 0.5 → 1
    expect(percentageOf(eur(-5), 10)).toEqual(eur(-1)); // -0.5 → -1
    expect(percentageOf(eur(15), 10)).toEqual(eur(2)); // 1.5 → 2
    expect(percentageOf(eur(14), 10)).toEqual(eur(1)); // 1.4 → 1
    expect(percentageOf(eur(-14), 10)).toEqual(eur(-1)); // -1.4 → -1
    expect(percentageOf(eur(5), -10)).toEqual(eur(-1));
  });

  it('keeps the currency', () => {
    expect(percentageOf(money(1000, 'CHF'), 20)).toEqual(money(200, 'CHF'));
  });

  it('never returns minus zero', () => {
    // -0.3 cents rounds to 0, not -0
    expect(Object.is(percentageOf(eur(-3), 10).amountInCents, 0)).toBe(true);
    expect(Object.is(percentageOf(eur(0), -10).amountInCents, 0)).toBe(true);
  });

  it('rounds exactly for decimal percentages that binary floating point cannot hold', () => {
    // 16.4 % of -18.75 € is exactly -3.075 €; plain float arithmetic gives -307.4999… cents
    expect(percentageOf(eur(-1875), 16.4)).toEqual(eur(-308));
    expect(percentageOf(eur(1875), 16.4)).toEqual(eur(308));
    expect(percentageOf(eur(1875), 34.8)).toEqual(eur(653)); // 652.5
  });

  it('matches exact arithmetic for integer percentages', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: -1000, max: 1000 }), (a, p) => {
        const expected = roundHalfAwayFromZero(BigInt(a) * BigInt(p), 100n);
        expect(Object.is(percentageOf(eur(a), p).amountInCents, expected + 0)).toBe(true);
      }),
    );
  });

  it('matches exact arithmetic for percentages with up to two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: -10000, max: 10000 }), (a, hundredths) => {
        const expected = roundHalfAwayFromZero(BigInt(a) * BigInt(hundredths), 10000n);
        expect(percentageOf(eur(a), hundredths / 100).amountInCents).toBe(expected + 0);
      }),
    );
  });

  it('refuses a percentage that is not a finite number', () => {
    for (const percent of [Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(errorOf(() => percentageOf(eur(100), percent)).code).toBe('MONEY_NOT_INTEGER_CENTS');
    }
  });
});
