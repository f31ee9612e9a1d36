import { describe, expect, it } from 'vitest';
import { domainErrorOf as errorOf } from '../shared/test-support.js';
import fc from 'fast-check';
import { parseGtin } from './gtin.js';
import {
  IDENTIFICATION_NUMBER_PREFIX,
  identificationNumberFrom,
  parseIdentificationNumber,
} from './identification-number.js';


const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));

const twelveDigits = digits(11).map((rest) => IDENTIFICATION_NUMBER_PREFIX + rest);

describe('identification number', () => {
  it('builds a 13-digit number by appending the GS1 check digit', () => {
    // Given 12 digits drawn by the caller
    // When the number is built
    const number = identificationNumberFrom('200000000001');
    // Then the check digit is appended: weights 3,1,3… from the right give 1×3 + 2×1 = 5, and 5 + 5 = 10
    expect(number).toBe('2000000000015');
  });

  it('prints as a valid EAN-13 and parses back to itself', () => {
    fc.assert(fc.property(twelveDigits, (twelve) => {
      const number = identificationNumberFrom(twelve);
      expect(number).toHaveLength(13);
      expect(number.startsWith('2')).toBe(true);
      expect(parseGtin(number)).toBe(number);
      expect(parseIdentificationNumber(number)).toBe(number);
    }));
  });

  it('catches any single mistyped digit', () => {
    fc.assert(
      fc.property(twelveDigits, fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 9 }), (twelve, index, shift) => {
        const number = identificationNumberFrom(twelve);
        const typo = number.slice(0, index) + String((Number(number[index]) + shift) % 10) + number.slice(index + 1);
        expect(errorOf(() => parseIdentificationNumber(typo)).code).toBe('BUYBACK_CODE_NOT_FOUND');
      }),
    );
  });

  it('catches two swapped neighbouring digits unless they differ by 5', () => {
    fc.assert(
      fc.property(twelveDigits, fc.integer({ min: 0, max: 11 }), (twelve, index) => {
        const number = identificationNumberFrom(twelve);
        const a = Number(number[index]);
        const b = Number(number[index + 1]);
        fc.pre(a !== b && Math.abs(a - b) !== 5);
        const swapped = number.slice(0, index) + String(b) + String(a) + number.slice(index + 2);
        expect(errorOf(() => parseIdentificationNumber(swapped)).code).toBe('BUYBACK_CODE_NOT_FOUND');
      }),
    );
  });

  it('trims surrounding spaces when parsing', () => {
    expect(parseIdentificationNumber(' 2000000000015 ')).toBe('2000000000015');
  });

  it('checks required, then numeric, then length, then check digit', () => {
    expect(errorOf(() => parseIdentificationNumber('')).code).toBe('BUYBACK_CODE_REQUIRED');
    expect(errorOf(() => parseIdentificationNumber('  ')).code).toBe('BUYBACK_CODE_REQUIRED');
    expect(errorOf(() => parseIdentificationNumber('12A')).code).toBe('BUYBACK_CODE_NOT_NUMERIC');
    expect(errorOf(() => parseIdentificationNumber('2000 0000 00015')).code).toBe('BUYBACK_CODE_NOT_NUMERIC');
    expect(errorOf(() => parseIdentificationNumber('200000000001'))).toMatchObject({
      code: 'BUYBACK_CODE_LENGTH',
      details: { expected: 13 },
    });
    expect(errorOf(() => parseIdentificationNumber('20000000000150')).code).toBe('BUYBACK_CODE_LENGTH');
    expect(errorOf(() => parseIdentificationNumber('2000000000016')).code).toBe('BUYBACK_CODE_NOT_FOUND');
  });

  it('accepts a retail EAN-13 when parsing: the prefix is only enforced when issuing', () => {
    expect(parseIdentificationNumber('4006381333931')).toBe('4006381333931');
  });

  it('refuses to build from anything but 12 digits starting with the in-house prefix', () => {
    expect(errorOf(() => identificationNumberFrom('20000000000A')).code).toBe('BUYBACK_CODE_NOT_NUMERIC');
    expect(errorOf(() => identificationNumberFrom(''))).toMatchObject({ code: 'BUYBACK_CODE_NOT_NUMERIC' });
    expect(errorOf(() => identificationNumberFrom('20000000001'))).toMatchObject({
      code: 'BUYBACK_CODE_LENGTH',
      details: { expected: 12 },
    });
    expect(errorOf(() => identificationNumberFrom('2000000000015')).code).toBe('BUYBACK_CODE_LENGTH');
    expect(errorOf(() => identificationNumberFrom('400638133393'))).toMatchObject({
      code: 'BUYBACK_CODE_PREFIX_INVALID',
      details: { expected: '2' },
    });
  });
});
