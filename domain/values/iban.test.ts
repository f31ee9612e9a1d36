import { describe, expect, it } from 'vitest';
import { domainErrorOf as errorOf } from '../shared/test-support.js';
import fc from 'fast-check';
import { formatIban, ibanMod97, maskIban, parseIban } from './iban.js';

/**
 * The example IBAN of every country of the SWIFT IBAN registry (one per
 * country, as the registry prints them; Saint Lucia, Seychelles… included),
 * and a second French one with a letter in its account number (La Banque
 * Postale's published sample).
 */
const REGISTRY_EXAMPLES = [
  'AD12 0001 2030 2003 5910 0100',
  'AE07 0331 2345 6789 0123 456',
  'AL47 2121 1009 0000 0002 3569 8741',
  'AT61 1904 3002 3457 3201',
  'AZ21 NABZ 0000 0000 1370 1000 1944',
  'BA39 1290 0794 0102 8494',
  'BE68 5390 0754 7034',
  'BG80 BNBG 9661 1020 3456 78',
  'BH67 BMAG 0000 1299 1234 56',
  'BR18 0036 0305 0000 1000 9795 493C 1',
  'BY13 NBRB 3600 9000 0000 2Z00 AB00',
  'CH93 0076 2011 6238 5295 7',
  'CR05 0152 0200 1026 2840 66',
  'CY17 0020 0128 0000 0012 0052 7600',
  'CZ65 0800 0000 1920 0014 5399',
  'DE89 3704 0044 0532 0130 00',
  'DJ21 0001 0000 0001 5400 0100 186',
  'DK50 0040 0440 1162 43',
  'DO28 BAGR 0000 0001 2124 5361 1324',
  'EE38 2200 2210 2014 5685',
  'EG38 0019 0005 0000 0000 2631 8000 2',
  'ES91 2100 0418 4502 0005 1332',
  'FI21 1234 5600 0007 85',
  'FK88 SC12 3456 7890 12',
  'FO62 6460 0001 6316 34',
  'FR76 3000 6000 0112 3456 7890 189',
  'FR14 2004 1010 0505 0001 3M02 606',
  'GB29 NWBK 6016 1331 9268 19',
  'GE29 NB00 0000 0101 9049 17',
  'GI75 NWBK 0000 0000 7099 453',
  'GL89 6471 0001 0002 06',
  'GR16 0110 1250 0000 0001 2300 695',
  'GT82 TRAJ 0102 0000 0012 1002 9690',
  'HR12 1001 0051 8630 0016 0',
  'HU42 1177 3016 1111 1018 0000 0000',
  'IE29 AIBK 9311 5212 3456 78',
  'IL62 0108 0000 0009 9999 999',
  'IQ98 NBIQ 8501 2345 6789 012',
  'IS14 0159 2600 7654 5510 7303 39',
  'IT60 X054 2811 1010 0000 0123 456',
  'JO94 CBJO 0010 0000 0000 0131 0003 02',
  'KW81 CBKU 0000 0000 0000 1234 5601 01',
  'KZ86 125K ZT50 0410 0100',
  'LB62 0999 0000 0001 0019 0122 9114',
  'LC55 HEMM 0001 0001 0012 0012 0002 3015',
  'LI21 0881 0000 2324 013A A',
  'LT12 1000 0111 0100 1000',
  'LU28 0019 4006 4475 0000',
  'LV80 BANK 0000 4351 9500 1',
  'LY83 0020 4800 0020 1001 2036 1',
  'MC58 1122 2000 0101 2345 6789 030',
  'MD24 AG00 0225 1000 1310 4168',
  'ME25 5050 0001 2345 6789 51',
  'MK07 2501 2000 0058 984',
  'MN12 1234 1234 5678 9123',
  'MR13 0002 0001 0100 0012 3456 753',
  'MT84 MALT 0110 0001 2345 MTLC AST0 01S',
  'MU17 BOMM 0101 1010 3030 0200 000M UR',
  'NL91 ABNA 0417 1643 00',
  'NO93 8601 1117 947',
  'OM81 0180 0000 0129 9123 456',
  'PK36 SCBL 0000 0011 2345 6702',
  'PL61 1090 1014 0000 0712 1981 2874',
  'PS92 PALS 0000 0000 0400 1234 5670 2',
  'PT50 0002 0123 1234 5678 9015 4',
  'QA58 DOHB 0000 1234 5678 90AB CDEF G',
  'RO49 AAAA 1B31 0075 9384 0000',
  'RS35 2600 0560 1001 6113 79',
  'RU02 0445 2560 0407 0281 0412 3456 7890 1',
  'SA03 8000 0000 6080 1016 7519',
  'SC18 SSCB 1101 0000 0000 0000 1497 USD',
  'SD21 2901 0501 2340 01',
  'SE45 5000 0000 0583 9825 7466',
  'SI56 2633 0001 2039 086',
  'SK31 1200 0000 1987 4263 7541',
  'SM86 U032 2509 8000 0000 0270 100',
  'SO21 1000 0010 0100 0100 141',
  'ST68 0001 0001 0051 8453 1011 2',
  'SV62 CENR 0000 0000 0000 0070 0025',
  'TL38 0080 0123 4567 8910 157',
  'TN59 1000 6035 1835 9847 8831',
  'TR33 0006 1005 1978 6457 8413 26',
  'UA21 3223 1300 0002 6007 2335 6600 1',
  'VA59 0011 2300 0012 3456 78',
  'VG96 VPVG 0000 0123 4567 8901',
  'XK05 1212 0123 4567 8906',
];

const electronic = (printed: string) => printed.replace(/ /g, '');

/** Computes the check digits of a country code + BBAN, so that mod 97 passes whatever the BBAN. */
function withCheckDigits(country: string, bban: string): string {
  return `${country}${String(98 - ibanMod97(`${country}00${bban}`)).padStart(2, '0')}${bban}`;
}

/** The same IBAN with `replacement` written over the BBAN from `at` (0 = first BBAN character), check digits recomputed. */
function withBbanChanged(iban: string, at: number, replacement: string): string {
  const bban = iban.slice(4);
  return withCheckDigits(iban.slice(0, 2), bban.slice(0, at) + replacement + bban.slice(at + replacement.length));
}

describe('parseIban', () => {
  it('accepts the registry example of every IBAN country, in print form', () => {
    for (const printed of REGISTRY_EXAMPLES) {
      const iban = parseIban(printed);
      expect(iban.value).toBe(electronic(printed));
      expect(iban.country).toBe(printed.slice(0, 2));
      expect(formatIban(iban.value)).toBe(printed);
    }
  });

  it('stores the electronic form: spaces and hyphens removed, upper case', () => {
    expect(parseIban('  fr76 3000 6000 0112 3456 7890 189 ')).toEqual({ value: 'FR7630006000011234567890189', country: 'FR' });
    expect(parseIban('nl91abna0417164300').value).toBe('NL91ABNA0417164300');
    // Given an IBAN written with hyphens, as some banks print it and some customers copy it
    expect(parseIban('FR76-3000-6000-0112-3456-7890-189')).toEqual({ value: 'FR7630006000011234567890189', country: 'FR' });
    expect(parseIban('de89-3704-0044-0532-0130-00').value).toBe('DE89370400440532013000');
    expect(parseIban('BE68 - 5390 - 0754 - 7034').value).toBe('BE68539007547034');
    expect(parseIban('NL91\u00a0ABNA\t0417-1643-00').value).toBe('NL91ABNA0417164300');
  });

  it('refuses a registry example with any one digit changed', () => {
    fc.assert(
      fc.property(fc.constantFrom(...REGISTRY_EXAMPLES), fc.nat(), fc.integer({ min: 1, max: 9 }), (printed, at, shift) => {
        const value = electronic(printed);
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
    expect(errorOf(() => parseIban(' - ')).code).toBe('IBAN_REQUIRED');
  });

  it('refuses what does not look like an IBAN', () => {
    for (const raw of ['7630006000011234567890189', 'F176300060000112345678901', 'FRXX30006000011234567890189', 'FR76', 'FR76.3000.6000.0112.3456.7890.189', 'FR76/30006000011234567890189']) {
      expect(errorOf(() => parseIban(raw)).code).toBe('IBAN_INVALID_FORMAT');
    }
  });

  it('refuses a country that has no IBAN even when mod 97 passes', () => {
    // Given account numbers of countries without IBAN (and a mistyped country), with check digits that pass mod 97
    for (const [country, bban] of [['US', '021000021000123456789'], ['CA', '00030012345678901'], ['JP', '0001001123456789'], ['AU', '0620001234567890'], ['FT', '30006000011234567890189']] as const) {
      const value = withCheckDigits(country, bban);
      expect(ibanMod97(value)).toBe(1);
      // Then the error names the country, whatever the length
      expect(errorOf(() => parseIban(value))).toMatchObject({ code: 'IBAN_COUNTRY_INVALID', details: { country } });
    }
  });

  it('checks the length of every IBAN country before the checksum', () => {
    // Given every registry example one character short and one character long, with check digits that pass mod 97
    for (const printed of REGISTRY_EXAMPLES) {
      const value = electronic(printed);
      const country = value.slice(0, 2);
      for (const wrong of [withCheckDigits(country, value.slice(4, -1)), withCheckDigits(country, `${value.slice(4)}0`)]) {
        expect(ibanMod97(wrong)).toBe(1);
        // Then the message says what length the country expects
        expect(errorOf(() => parseIban(wrong)), wrong).toMatchObject({ code: 'IBAN_INVALID_LENGTH', details: { country, expected: value.length } });
      }
    }
    expect(errorOf(() => parseIban('FR76-3000-6000'))).toMatchObject({ code: 'IBAN_INVALID_LENGTH', details: { country: 'FR', expected: 27 } });
  });

  it("refuses a BBAN that does not follow its country's format even when mod 97 passes", () => {
    // Dutch BBANs start with the bank's four letters; German ones are digits only; Brazil's ends with an account type letter.
    for (const value of [
      withBbanChanged('NL91ABNA0417164300', 0, '1234'),
      withBbanChanged('DE89370400440532013000', 17, 'A'),
      withBbanChanged('BR1800360305000010009795493C1', 23, '0'),
      withBbanChanged('GB29NWBK60161331926819', 4, 'AB'),
    ]) {
      expect(ibanMod97(value)).toBe(1);
      expect(errorOf(() => parseIban(value)), value).toMatchObject({ code: 'IBAN_CHECKSUM_INVALID' });
    }
  });

  it('refuses check digits 00, 01 and 99 even when mod 97 would pass', () => {
    // 98 - r and 98 - r ± 97 are congruent mod 97: find a BBAN whose valid check digits are 97, 98 or 02.
    for (const [wanted, written] of [['97', '00'], ['98', '01'], ['02', '99']] as const) {
      let account = 0;
      const bban = () => `37040044${String(account).padStart(10, '0')}`;
      while (withCheckDigits('DE', bban()).slice(2, 4) !== wanted) account++;
      const value = `DE${written}${bban()}`;
      expect(ibanMod97(value)).toBe(1);
      expect(errorOf(() => parseIban(value)).code).toBe('IBAN_CHECKSUM_INVALID');
    }
  });
});

describe('national check digits', () => {
  /** Real French RIBs (bank, branch, account, key) in IBAN form: the registry's French and Monegasque examples, La Banque Postale's sample. */
  const FRENCH_RIBS = ['FR7630006000011234567890189', 'FR1420041010050500013M02606', 'MC5811222000010123456789030'];
  /** The French overseas codes of the IBAN registry: their banks use the French RIB and its key. */
  const FRENCH_OVERSEAS = ['GF', 'GP', 'MQ', 'RE', 'YT', 'PM', 'BL', 'MF', 'NC', 'PF', 'WF', 'TF'];

  it('accepts a French RIB whose key is right, in France, Monaco and the French overseas codes', () => {
    for (const value of FRENCH_RIBS) expect(parseIban(value).value).toBe(value);
    for (const country of FRENCH_OVERSEAS) {
      const value = withCheckDigits(country, '30006000011234567890189');
      expect(parseIban(value)).toEqual({ value, country });
    }
  });

  it('refuses a French RIB with a wrong key even when mod 97 passes (FR, MC, GP, RE, PM and the other overseas codes)', () => {
    // Given each real RIB with every other key (00 to 97), its IBAN check digits recomputed
    const ribs = [...FRENCH_RIBS, ...FRENCH_OVERSEAS.map((country) => withCheckDigits(country, '30006000011234567890189'))];
    for (const right of ribs) {
      const rightKey = right.slice(-2);
      for (let key = 0; key <= 97; key++) {
        const written = String(key).padStart(2, '0');
        if (written === rightKey) continue;
        const wrong = withBbanChanged(right, 21, written);
        expect(ibanMod97(wrong)).toBe(1);
        // Then the national key catches it
        expect(errorOf(() => parseIban(wrong)), wrong).toMatchObject({ code: 'IBAN_CHECKSUM_INVALID', details: { country: right.slice(0, 2) } });
      }
    }
  });

  it('refuses a Spanish IBAN whose control digits are wrong even when mod 97 passes', () => {
    // ES91 2100 0418 45 02 0005 1332: bank 2100, branch 0418, control digits 45, account 0200051332
    const right = 'ES9121000418450200051332';
    expect(parseIban(right).value).toBe(right);
    for (let dc = 0; dc <= 99; dc++) {
      const written = String(dc).padStart(2, '0');
      if (written === '45') continue;
      const wrong = withBbanChanged(right, 8, written);
      expect(ibanMod97(wrong)).toBe(1);
      expect(errorOf(() => parseIban(wrong)), wrong).toMatchObject({ code: 'IBAN_CHECKSUM_INVALID', details: { country: 'ES' } });
    }
    // Two more real Spanish IBANs (published samples) pass
    expect(parseIban('ES79 2100 0813 6101 2345 6789').country).toBe('ES');
    expect(parseIban('ES66 2100 0418 4012 3456 7891').country).toBe('ES');
  });

  it('refuses a Belgian IBAN whose account check digits are wrong even when mod 97 passes', () => {
    const wrong = withBbanChanged('BE68539007547034', 10, '35');
    expect(ibanMod97(wrong)).toBe(1);
    expect(errorOf(() => parseIban(wrong))).toMatchObject({ code: 'IBAN_CHECKSUM_INVALID', details: { country: 'BE' } });
  });
});

describe('IBAN display', () => {
  const anyIban = fc
    .tuple(
      fc.stringMatching(/^[A-Z]{2}[0-9]{2}$/),
      fc.array(fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('')), { minLength: 11, maxLength: 30 }),
    )
    .map(([head, bban]) => head + bban.join(''));

  it('groups by four for display', () => {
    expect(formatIban('FR7630006000011234567890189')).toBe('FR76 3000 6000 0112 3456 7890 189');
    expect(formatIban('BE68539007547034')).toBe('BE68 5390 0754 7034');
    expect(formatIban('BE68-5390-0754-7034')).toBe('BE68 5390 0754 7034');
  });

  it('masks all but country, check digits and the last four characters', () => {
    expect(maskIban('FR7630006000011234567890189')).toBe('FR76 **** **** **** **** ***0 189');
    expect(maskIban('FR76 3000 6000 0112 3456 7890 189')).toBe('FR76 **** **** **** **** ***0 189');
    expect(maskIban('BE68539007547034')).toBe('BE68 **** **** 7034');
  });

  it('keeps the length and never shows a masked character', () => {
    fc.assert(fc.property(anyIban, (value) => {
      const masked = maskIban(value).replace(/ /g, '');
      expect(masked).toHaveLength(value.length);
      expect(masked.slice(0, 4)).toBe(value.slice(0, 4));
      expect(masked.slice(-4)).toBe(value.slice(-4));
      expect(masked.slice(4, -4)).toMatch(/^\*+$/);
    }));
  });
});
