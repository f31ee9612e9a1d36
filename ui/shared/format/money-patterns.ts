/**
 * How each language writes an amount in each currency, as ICU writes it (`Intl.NumberFormat` with
 * `style: 'currency'`): the number (`#`) in its positive and negative patterns, and its separators. Amounts are
 * written from this table instead of `Intl.NumberFormat`, because a page's first `Intl` formatter costs the
 * browser 30 to 60 ms of loading ICU's data (one long task on a phone, during the storefront's first render), and
 * because the server's rendering and the browser then write exactly the same text. money-patterns.test.ts checks
 * every entry against `Intl` (on Node's ICU) and `formatMoney` against `Intl.NumberFormat` on many amounts.
 * Grouping by three digits from 1,000 on, two decimals: true of every language and currency here.
 */
export interface MoneyPattern {
  positive: string;
  negative: string;
  group: string;
  decimal: string;
}

export const MONEY_PATTERNS: Readonly<Record<string, MoneyPattern>> = {
  "fr-FR EUR": { positive: "#\u00a0€", negative: "-#\u00a0€", group: "\u202f", decimal: "," },
  "fr-FR GBP": { positive: "#\u00a0£GB", negative: "-#\u00a0£GB", group: "\u202f", decimal: "," },
  "fr-FR USD": { positive: "#\u00a0$US", negative: "-#\u00a0$US", group: "\u202f", decimal: "," },
  "fr-FR CHF": { positive: "#\u00a0CHF", negative: "-#\u00a0CHF", group: "\u202f", decimal: "," },
  "en-GB EUR": { positive: "€#", negative: "-€#", group: ",", decimal: "." },
  "en-GB GBP": { positive: "£#", negative: "-£#", group: ",", decimal: "." },
  "en-GB USD": { positive: "US$#", negative: "-US$#", group: ",", decimal: "." },
  "en-GB CHF": { positive: "CHF\u00a0#", negative: "-CHF\u00a0#", group: ",", decimal: "." },
  "nl-BE EUR": { positive: "€\u00a0#", negative: "€\u00a0-#", group: ".", decimal: "," },
  "nl-BE GBP": { positive: "£\u00a0#", negative: "£\u00a0-#", group: ".", decimal: "," },
  "nl-BE USD": { positive: "US$\u00a0#", negative: "US$\u00a0-#", group: ".", decimal: "," },
  "nl-BE CHF": { positive: "CHF\u00a0#", negative: "CHF\u00a0-#", group: ".", decimal: "," },
  "de-DE EUR": { positive: "#\u00a0€", negative: "-#\u00a0€", group: ".", decimal: "," },
  "de-DE GBP": { positive: "#\u00a0£", negative: "-#\u00a0£", group: ".", decimal: "," },
  "de-DE USD": { positive: "#\u00a0$", negative: "-#\u00a0$", group: ".", decimal: "," },
  "de-DE CHF": { positive: "#\u00a0CHF", negative: "-#\u00a0CHF", group: ".", decimal: "," },

};

/** `amountInCents` written in `language` and `currency`, or null when the table has no pattern for them. */
export function formatCents(amountInCents: number, language: string, currency: string): string | null {
  const pattern = MONEY_PATTERNS[`${language} ${currency}`];
  if (!pattern || !Number.isSafeInteger(amountInCents)) return null;
  const cents = Math.abs(amountInCents);
  const units = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, pattern.group);
  const number = `${units}${pattern.decimal}${String(cents % 100).padStart(2, '0')}`;
  return (amountInCents < 0 ? pattern.negative : pattern.positive).replace('#', number);
}
