import type { MoneyView } from '@server/application/views/schema.js';
import { formatCents } from './money-patterns.js';

/**
 * One formatter per language and options, made once: building an Intl formatter costs far more than formatting
 * (a page of prices made one per price, a sixth of the storefront's first render on a phone).
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let made = formatters.get(key);
  if (!made) formatters.set(key, (made = make()));
  return made as F;
}

/** Amounts are integer cents with a currency, as the API gives them (MoneyView). */
export function formatMoney(money: MoneyView | null | undefined, language: string): string {
  if (!money) return '—';
  // Written from ICU's patterns without an Intl formatter (money-patterns.ts); Intl for a language or currency it lacks.
  const written = formatCents(money.amountInCents, language, money.currency);
  if (written !== null) return written;
  const format = formatter(`money|${language}|${money.currency}`, () => new Intl.NumberFormat(language, { style: 'currency', currency: money.currency }));
  return format.format(money.amountInCents / 100);
}

/** UTC ISO-8601 from the API, shown in the viewer's time zone. */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  return formatter(`date-time|${language}`, () => new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' })).format(new Date(iso));
}

export function formatDate(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  return formatter(`date|${language}`, () => new Intl.DateTimeFormat(language, { dateStyle: 'medium' })).format(new Date(iso));
}

/** 13 digits shown in groups (2 026 … ) the way staff read them aloud: 1-6-6. */
export function formatIdentificationNumber(value: string): string {
  return value.length === 13 ? `${value.slice(0, 1)} ${value.slice(1, 7)} ${value.slice(7)}` : value;
}
