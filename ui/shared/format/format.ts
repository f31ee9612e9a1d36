import type { MoneyView } from '@server/application/views/schema.js';

/** Amounts are integer cents with a currency, as the API gives them (MoneyView). */
export function formatMoney(money: MoneyView | null | undefined, language: string): string {
  if (!money) return '—';
  return new Intl.NumberFormat(language, { style: 'currency', currency: money.currency }).format(money.amountInCents / 100);
}

/** UTC ISO-8601 from the API, shown in the viewer's time zone. */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
}

export function formatDate(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}

/** 13 digits shown in groups (2 026 … ) the way staff read them aloud: 1-6-6. */
export function formatIdentificationNumber(value: string): string {
  return value.length === 13 ? `${value.slice(0, 1)} ${value.slice(1, 7)} ${value.slice(7)}` : value;
}
