import { describe, expect, it } from 'vitest';
import { domainErrorOf as errorOf } from '../shared/test-support.js';
import fc from 'fast-check';
import { IBAN_LENGTHS, formatIban, ibanMod97, maskIban, parseIban } from './iban.js';


/** Published sample IBANs (Wikipedia "International Bank Account Number", bank and registry samples). */
const PUBLISHED = [
  'FR76 3000 6000 0112 3456 7890 189',
  'FR14 2004 1010 0505 0001 3M02 606',
  'BE68 5390 0754 7034',
  'DE89 3704 0044 0532 0130 00',
  'NL91 ABNA 0417 1643 00',
  'GB82 WEST 1234 5698 7654 32',
  'CH93 0076 2011 6238 5295 7',
  'ES91 2100 0418 4502 0005 1332',
  'IT60 X054 2811 1010 0000 0123 456',
  'LU28 0019 4006 4475 0000',
  'MC58 1122 2000 0101 2345 6789 030',
  'PT50 0002 0123 1234 5678 9015 4',
  'AT61 1904 3002 3457 3201',
  'IE29 AIBK 9311 5212 3456 78',
];

/** Computes the check digits of a country code + BBAN, to generate valid IBANs. */
function withCheckDigits(country: string, bban: string): string {
  return `${country}${String(98 - ibanMod97(`${country}00${bban}`)).padStart(2, '0')}${bban}`;
}

const alnum = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''));
const knownCountryIban = fc
  .constantFrom(...Object.keys(IBAN_LENGTHS))
  .chain((country) =>
    fc
      .array(alnum, { minLength: (IBAN_LENGTHS[country] ?? 0) - 4, maxLength: (IBAN_LENGTHS[country] ?? 0) - 4 })
      .map((bban) => withCheckDigits(country, bban.join(''))),
  );

describe('parseIban', () => {
  it('accepts the published sample of every listed country in print form', () => {
    for (const printed of PUBLISHED) {
      const iban = parseIban(printed);
      expect(iban.value).toBe(printed.replace(/ /g, ''));
      expect(iban.country).toBe(printed.slice(0, 2));
      expect(formatIban(iban.value)).toBe(printed);
    }
  });

  it('removes spaces and upper-cases', () => {
    expect(parseIban('  fr76 3000 6000 0112 3456 7890 189 ')).toEqual({
      value: 'FR7630006000011234567890189',
      country: 'FR',
    });
    expect(parseIban('nl91abna0417164300').value).toBe('NL91ABNA0417164300');
  });

  it('accepts every generated IBAN with correct check digits', () => {
    fc.assert(fc.property(knownCountryIban, (value) => {
      expect(parseIban(value)).toEqual({ value, country: value.slice(0, 2) });
    }));
  });

  it('refuses a published IBAN with any one digit changed', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PUBLISHED), fc.nat(), fc.integer({ min: 1, max: 9 }), (printed, at, shift) => {
        const value = printed.replace(/ /g, '');
        const digitPositions = [...value].flatMap((c, i) => (i >= 2 && /\d/.test(c) ? [i] : []));
        const index = digitPositions[at % digitPositions.length] ?? 2;
        const changed = value.slice(0, index) + String((Number(value[index]) + shift) % 10) + value.slice(index + 1);
        expect(errorOf(() => parseIban(changed)).code).toBe('IBAN_CHECKSUM_INVALID');
      }),
    );
  });

  it('requires a value', () => {
    expect(errorOf(() => parseIban('')).code).toBe('IBAN_REQUIRED');
    expect(errorOf(() => parseIban('   ')).code).toBe('IBAN_REQUIRED');
  });

  it('refuses what does not look like an IBAN', () => {
    for (const raw of ['7630006000011234567890189', 'F176300060000112345678901', 'FRXX30006000011234567890189', 'FR76-3000-6000', 'FR76']) {
      expect(errorOf(() => parseIban(raw)).code).toBe('IBAN_INVALID_FORMAT');
    }
  });

  it('checks the length of the country before the checksum', () => {
    // Given a French IBAN missing its last digit
    const error = errorOf(() => parseIban('FR76 3000 6000 0112 3456 7890 18'));
    // Then the message says what length France expects
    expect(error).toMatchObject({ code: 'IBAN_INVALID_LENGTH', details: { country: 'FR', expected: 27 } });
    expect(errorOf(() => parseIban('BE68 5390 0754 70340'))).toMatchObject({ details: { country: 'BE', expected: 16 } });
  });

  it('accepts 15 to 34 characters for countries not in the table', () => {
    // Brazil (29 characters) is not in the table: any length from 15 to 34 passes to the checksum
    const unlisted = withCheckDigits('BR', '00360305000010009795493P1');
    expect(parseIban(unlisted).country).toBe('BR');
    expect(errorOf(() => parseIban(withCheckDigits('XK', '1234567890')))).toMatchObject({
      code: 'IBAN_INVALID_LENGTH',
      details: { country: 'XK', min: 15, max: 34 },
    });
    expect(errorOf(() => parseIban(withCheckDigits('XK', '1'.repeat(31)))).code).toBe('IBAN_INVALID_LENGTH');
  });

  it('refuses check digits 00, 01 and 99 even when mod 97 would pass', () => {
    // 98 - r and 98 - r ± 97 are congruent mod 97: find a BBAN whose valid check digits are 97, 98 or 02.
    for (const [wanted, written] of [['97', '00'], ['98', '01'], ['02', '99']] as const) {
      let bban = 0;
      while (withCheckDigits('BE', String(bban).padStart(12, '0')).slice(2, 4) !== wanted) bban++;
      const value = `BE${written}${String(bban).padStart(12, '0')}`;
      expect(ibanMod97(value)).toBe(1);
      expect(errorOf(() => parseIban(value)).code).toBe('IBAN_CHECKSUM_INVALID');
    }
  });
});

describe('IBAN display', () => {
  it('groups by four for display', () => {
    expect(formatIban('FR7630006000011234567890189')).toBe('FR76 3000 6000 0112 3456 7890 189');
    expect(formatIban('BE68539007547034')).toBe('BE68 5390 0754 7034');
  });

  it('masks all but country, check digits and the last four characters', () => {
    expect(maskIban('FR7630006000011234567890189')).toBe('FR76 **** **** **** **** ***0 189');
    expect(maskIban('FR76 3000 6000 0112 3456 7890 189')).toBe('FR76 **** **** **** **** ***0 189');
    expect(maskIban('BE68539007547034')).toBe('BE68 **** **** 7034');
  });

  it('keeps the length and never shows a masked character', () => {
    fc.assert(fc.property(knownCountryIban, (value) => {
      const masked = maskIban(value).replace(/ /g, '');
      expect(masked).toHaveLength(value.length);
      expect(masked.slice(0, 4)).toBe(value.slice(0, 4));
      expect(masked.slice(-4)).toBe(value.slice(-4));
      expect(masked.slice(4, -4)).toMatch(/^\*+$/);
    }));
  });
});
