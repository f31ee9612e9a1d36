import { describe, expect, it } from 'vitest';
import { domainErrorOf as errorOf } from '../shared/test-support.js';
import { hasPostalCodeRule, parsePostalCode } from './postal-code.js';

/** [country, as typed, as stored] from real addresses (town halls, prefectures, stations, post offices). */
const REAL: ReadonlyArray<readonly [string, string, string]> = [
  // France: Paris 2e and 16e, Marseille, Lyon, Bourg-en-Bresse (Ain, 01), Nice (06), Ajaccio and Bastia (Corsica, 20),
  // Bordeaux, Lille, Cergy (95), Issy-les-Moulineaux
  ['FR', '75002', '75002'],
  ['FR', '75116', '75116'],
  ['FR', '13001', '13001'],
  ['FR', '69001', '69001'],
  ['FR', '01000', '01000'],
  ['FR', '06000', '06000'],
  ['FR', '20000', '20000'],
  ['FR', '20200', '20200'],
  ['FR', '33000', '33000'],
  ['FR', '59000', '59000'],
  ['FR', '95000', '95000'],
  ['FR', '92130', '92130'],
  // France overseas, written with France as the country: Basse-Terre and Pointe-à-Pitre (Guadeloupe), Fort-de-France,
  // Cayenne, Saint-Denis and Saint-Pierre (La Réunion), Saint-Pierre-et-Miquelon, Mamoudzou (Mayotte),
  // Saint-Barthélemy, Saint-Martin, Nouméa, Papeete, Mata-Utu (Wallis-et-Futuna)
  ['FR', '97100', '97100'],
  ['FR', '97110', '97110'],
  ['FR', '97200', '97200'],
  ['FR', '97300', '97300'],
  ['FR', '97400', '97400'],
  ['FR', '97410', '97410'],
  ['FR', '97500', '97500'],
  ['FR', '97600', '97600'],
  ['FR', '97133', '97133'],
  ['FR', '97150', '97150'],
  ['FR', '98800', '98800'],
  ['FR', '98714', '98714'],
  ['FR', '98600', '98600'],
  // The same territories as countries of their own (ISO 3166-1 codes, which the form offers)
  ['GP', '97100', '97100'],
  ['MQ', '97200', '97200'],
  ['GF', '97300', '97300'],
  ['RE', '97400', '97400'],
  ['PM', '97500', '97500'],
  ['YT', '97600', '97600'],
  ['BL', '97133', '97133'],
  ['MF', '97150', '97150'],
  ['NC', '98800', '98800'],
  ['PF', '98714', '98714'],
  ['WF', '98600', '98600'],
  // Monaco (its codes are in the French postal system, but it is a country of its own)
  ['MC', '98000', '98000'],
  ['MC', 'MC-98000', '98000'],
  ['MC', 'MC 98000', '98000'],
  // Belgium: Bruxelles, Ixelles, Antwerpen, Liège, Gent, Leuven, Arlon
  ['BE', '1000', '1000'],
  ['BE', '1050', '1050'],
  ['BE', '2000', '2000'],
  ['BE', '4000', '4000'],
  ['BE', '9000', '9000'],
  ['BE', '3000', '3000'],
  ['BE', '6700', '6700'],
  ['BE', 'B-1000', '1000'],
  // The Netherlands: Amsterdam (Dam 1, the Rijksmuseum, Prinsengracht 279), Rotterdam (Coolsingel 40), Schiphol, Delft
  ['NL', '1012 JS', '1012 JS'],
  ['NL', '1012JS', '1012 JS'],
  ['NL', '1012 js', '1012 JS'],
  ['NL', '1071 XX', '1071 XX'],
  ['NL', '1016 GW', '1016 GW'],
  ['NL', '3011 AD', '3011 AD'],
  ['NL', '1118 CP', '1118 CP'],
  ['NL', '2616 LZ', '2616 LZ'],
  ['NL', 'NL-1012 JS', '1012 JS'],
  // Germany: Berlin Mitte, Dresden, München, Hamburg, Köln, Erfurt
  ['DE', '10115', '10115'],
  ['DE', '01067', '01067'],
  ['DE', '80331', '80331'],
  ['DE', '20095', '20095'],
  ['DE', '50667', '50667'],
  ['DE', '99084', '99084'],
  ['DE', 'D-10115', '10115'],
  // Luxembourg, with and without the "L-" its post writes: Luxembourg city (L-1009, rue du Fossé L-1536), Ermsdorf
  ['LU', 'L-1009', '1009'],
  ['LU', '1009', '1009'],
  ['LU', 'l-1009', '1009'],
  ['LU', 'L 1009', '1009'],
  ['LU', 'L1009', '1009'],
  ['LU', 'L-1536', '1536'],
  ['LU', '1536', '1536'],
  ['LU', 'L-9366', '9366'],
];

describe('parsePostalCode', () => {
  it('accepts real postal codes of France (overseas included), Monaco, Belgium, the Netherlands, Germany and Luxembourg', () => {
    for (const [country, typed, stored] of REAL) {
      expect(parsePostalCode(typed, country), `${country} ${typed}`).toBe(stored);
    }
  });

  it('trims and takes any spacing in a code of digits', () => {
    expect(parsePostalCode('  75002 ', 'FR')).toBe('75002');
    expect(parsePostalCode('75 002', 'FR')).toBe('75002');
    expect(parsePostalCode('1012\u00a0JS', 'NL')).toBe('1012 JS');
    expect(parsePostalCode(' L - 1009 ', 'LU')).toBe('1009');
  });

  it('refuses what is not a postal code of the country, naming the country', () => {
    const wrong: ReadonlyArray<readonly [string, string]> = [
      ['FR', '7500'], // a digit short
      ['FR', '750002'],
      ['FR', '00000'], // no département 00
      ['FR', '96000'], // nor 96
      ['FR', '98000'], // Monaco's
      ['FR', '97700'],
      ['FR', 'ABCDE'],
      ['FR', 'L-1009'],
      ['FR', 'B-75002'],
      ['PM', '97400'], // La Réunion's
      ['RE', '97500'],
      ['BL', '97100'],
      ['MC', '75002'],
      ['BE', '0999'],
      ['BE', '10000'],
      ['BE', '100'],
      ['NL', '0123 AB'], // Dutch codes start at 1000
      ['NL', '1012'],
      ['NL', '1012 SA'], // SA, SD and SS are not used
      ['NL', '1012 SD'],
      ['NL', '1012 SS'],
      ['NL', '10123 JS'],
      ['NL', '1012 J5'],
      ['DE', '00123'], // no German code starts with 00
      ['DE', '1011'],
      ['DE', '101155'],
      ['LU', '0999'],
      ['LU', '10090'],
      ['LU', 'L-100'],
      ['LU', 'L--1009'],
      ['LU', 'LL-1009'],
    ];
    for (const [country, typed] of wrong) {
      expect(errorOf(() => parsePostalCode(typed, country)), `${country} ${typed}`).toMatchObject({ code: 'ZIP_CODE_INVALID', details: { country } });
    }
  });

  it('requires a value', () => {
    expect(errorOf(() => parsePostalCode('', 'FR')).code).toBe('ZIP_CODE_REQUIRED');
    expect(errorOf(() => parsePostalCode('   ', 'LU')).code).toBe('ZIP_CODE_REQUIRED');
  });

  it('says which countries it knows (the others are left to the caller)', () => {
    for (const country of ['FR', 'MC', 'BE', 'NL', 'DE', 'LU', 'GP', 'MQ', 'GF', 'RE', 'PM', 'YT', 'BL', 'MF', 'NC', 'PF', 'WF']) {
      expect(hasPostalCodeRule(country), country).toBe(true);
    }
    for (const country of ['GB', 'US', 'ES', 'IT', 'CH', 'XX', '', 'constructor']) {
      expect(hasPostalCodeRule(country), country).toBe(false);
    }
    expect(() => parsePostalCode('SW1A 1AA', 'GB')).toThrow();
  });
});
