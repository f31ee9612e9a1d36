import { DomainError } from './domain-error.js';

export const CURRENCIES = ['EUR', 'GBP', 'USD', 'CHF'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** An amount in integer cents of one currency. Never a float. */
export interface Money {
  readonly amountInCents: number;
  readonly currency: Currency;
}

export function money(amountInCents: number, currency: Currency): Money {
  if (!Number.isSafeInteger(amountInCents)) {
    throw new DomainError('MONEY_NOT_INTEGER_CENTS', { amountInCents });
  }
  if (!(CURRENCIES as readonly string[]).includes(currency)) {
    throw new DomainError('MONEY_UNKNOWN_CURRENCY', { currency });
  }
  return { amountInCents, currency };
}

function sameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) {
    throw new DomainError('MONEY_CURRENCY_MISMATCH', { left: a.currency, right: b.currency });
  }
}

export function addMoney(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.amountInCents + b.amountInCents, a.currency);
}

export function subtractMoney(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.amountInCents - b.amountInCents, a.currency);
}

export function compareMoney(a: Money, b: Money): -1 | 0 | 1 {
  sameCurrency(a, b);
  return a.amountInCents === b.amountInCents ? 0 : a.amountInCents < b.amountInCents ? -1 : 1;
}

/**
 * `percent` as an exact fraction numerator / denominator, read from its
 * shortest decimal form (16.4 → 164 / 10, 1e-7 → 1 / 10000000), so that
 * binary floating point cannot tip a half-cent the wrong way.
 */
function decimalFraction(percent: number): { numerator: bigint; denominator: bigint } | undefined {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(percent));
  if (!match) return undefined; // NaN, Infinity
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  const scale = Number(exponent) - fraction.length;
  const digits = BigInt(sign + whole + fraction);
  return scale >= 0
    ? { numerator: digits * 10n ** BigInt(scale), denominator: 1n }
    : { numerator: digits, denominator: 10n ** BigInt(-scale) };
}

/** `percent` of an amount, rounded half away from zero to the cent. */
export function percentageOf(amount: Money, percent: number): Money {
  const fraction = decimalFraction(percent);
  if (fraction === undefined) {
    // Not a finite number: refused by money() as MONEY_NOT_INTEGER_CENTS.
    return money((amount.amountInCents * percent) / 100, amount.currency);
  }
  const product = BigInt(amount.amountInCents) * fraction.numerator;
  const divisor = 100n * fraction.denominator;
  const magnitude = product < 0n ? -product : product;
  let cents = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) cents += 1n;
  return money(Number(product < 0n ? -cents : cents), amount.currency);
}

export function maxMoney(a: Money, b: Money): Money {
  return compareMoney(a, b) >= 0 ? a : b;
}

export function minMoney(a: Money, b: Money): Money {
  return compareMoney(a, b) <= 0 ? a : b;
}
