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

/** `percent` of an amount, rounded half away from zero to the cent. */
export function percentageOf(amount: Money, percent: number): Money {
  const raw = (amount.amountInCents * percent) / 100;
  return money(Math.sign(raw) * Math.round(Math.abs(raw)), amount.currency);
}

export function maxMoney(a: Money, b: Money): Money {
  return compareMoney(a, b) >= 0 ? a : b;
}

export function minMoney(a: Money, b: Money): Money {
  return compareMoney(a, b) <= 0 ? a : b;
}
