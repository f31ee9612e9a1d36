import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '../../domain/shared/money.js';
import { LANGUAGES } from '../../ui/shared/i18n/namespaces.js';
import { formatMoney } from '../../ui/shared/format/format.js';
import { formatCents, MONEY_PATTERNS, type MoneyPattern } from '../../ui/shared/format/money-patterns.js';

const NUMBER_PARTS = new Set(['integer', 'group', 'decimal', 'fraction']);

/** What ICU says today: the table's entry made again from Intl's parts. */
function icuPattern(language: string, currency: string): MoneyPattern {
  const format = new Intl.NumberFormat(language, { style: 'currency', currency });
  const pattern = (n: number) => {
    let written = '';
    let inNumber = false;
    for (const part of format.formatToParts(n)) {
      if (!NUMBER_PARTS.has(part.type)) written += part.value;
      else if (!inNumber) {
        written += '#';
        inNumber = true;
      }
    }
    return written;
  };
  const parts = format.formatToParts(1234.5);
  return { positive: pattern(1234.5), negative: pattern(-1234.5), group: parts.find((p) => p.type === 'group')?.value ?? '', decimal: parts.find((p) => p.type === 'decimal')?.value ?? '' };
}

describe('Given amounts written without Intl formatters (money-patterns.ts)', () => {
  it('then the table holds every language and currency, each entry what ICU says', () => {
    const combinations = LANGUAGES.flatMap((language) => CURRENCIES.map((currency) => `${language} ${currency}`));
    expect(Object.keys(MONEY_PATTERNS).sort()).toEqual([...combinations].sort());
    for (const key of combinations) {
      const [language, currency] = key.split(' ') as [string, string];
      expect(MONEY_PATTERNS[key], key).toEqual(icuPattern(language, currency));
    }
  });

  it('then any amount is written exactly as Intl.NumberFormat writes it, in every language and currency', () => {
    // Up to 10¹³ cents: beyond, `cents / 100` given to Intl is no longer exact to the cent (the table's writing stays exact).
    const amounts = fc.oneof(fc.integer({ min: -1_000_000_00, max: 1_000_000_00 }), fc.constantFrom(0, 1, 99, 100, 999_99, 1000_00, -1, -100_000_00), fc.integer({ min: -1e13, max: 1e13 }));
    fc.assert(
      fc.property(amounts, fc.constantFrom(...LANGUAGES), fc.constantFrom(...CURRENCIES), (cents, language, currency) => {
        const intl = new Intl.NumberFormat(language, { style: 'currency', currency }).format(cents / 100);
        expect(formatMoney({ amountInCents: cents, currency }, language)).toBe(intl);
      }),
      { numRuns: 3000 },
    );
  });

  it('when the language has no pattern, then Intl writes it', () => {
    expect(formatCents(1234_50, 'es-ES', 'EUR')).toBeNull();
    expect(formatMoney({ amountInCents: 1234_50, currency: 'EUR' }, 'es-ES')).toBe(new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(1234.5));
  });
});
