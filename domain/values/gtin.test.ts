import { describe, expect, it } from 'vitest';
import { domainErrorOf as errorOf } from '../shared/test-support.js';
import fc from 'fast-check';
import { gs1CheckDigit, isGs1Valid, parseGtin } from './gtin.js';


const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));

const validGtin = fc
  .constantFrom(8, 12, 13, 14)
  .chain((length) => digits(length - 1))
  .map((payload) => `${payload}${gs1CheckDigit(payload)}`);

describe('GS1 check digit', () => {
  it('computes the published examples', () => {
    expect(gs1CheckDigit('400638133393')).toBe(1); // EAN-13, Wikipedia "International Article Number"
    expect(gs1CheckDigit('590123412345')).toBe(7); // EAN-13, GS1 sample
    expect(gs1CheckDigit('03600029145')).toBe(2); // UPC-A, Wikipedia "Universal Product Code"
    expect(gs1CheckDigit('9638507')).toBe(4); // EAN-8, Wikipedia "EAN-8"
    expect(gs1CheckDigit('978030640615')).toBe(7); // ISBN-13, Wikipedia "ISBN"
  });

  it('refuses non-digit input', () => {
    expect(errorOf(() => gs1CheckDigit('12a')).code).toBe('GTIN_NOT_NUMERIC');
    expect(isGs1Valid('')).toBe(false);
  });
});

describe('parseGtin', () => {
  it('accepts published barcodes of every length', () => {
    for (const gtin of ['96385074', '73513537', '036000291452', '4006381333931', '5901234123457', '9780306406157', '10614141000415']) {
      expect(parseGtin(gtin)).toBe(gtin);
    }
  });

  it('accepts a UPC-A padded with zeros to 13 or 14 digits', () => {
    expect(parseGtin('0036000291452')).toBe('0036000291452');
    expect(parseGtin('00036000291452')).toBe('00036000291452');
  });

  it('trims surrounding spaces', () => {
    expect(parseGtin(' 4006381333931 ')).toBe('4006381333931');
  });

  it('accepts every generated valid GTIN', () => {
    fc.assert(fc.property(validGtin, (gtin) => {
      expect(parseGtin(gtin)).toBe(gtin);
    }));
  });

  it('refuses a GTIN with any one digit changed', () => {
    fc.assert(
      fc.property(validGtin, fc.nat(), fc.integer({ min: 1, max: 9 }), (gtin, at, shift) => {
        const index = at % gtin.length;
        const changed = gtin.slice(0, index) + String((Number(gtin[index]) + shift) % 10) + gtin.slice(index + 1);
        expect(errorOf(() => parseGtin(changed)).code).toBe('GTIN_CHECK_DIGIT_INVALID');
      }),
    );
  });

  it('refuses lengths other than 8, 12, 13 and 14', () => {
    for (const length of [0, 1, 7, 9, 10, 11, 15, 18]) {
      expect(errorOf(() => parseGtin('1'.repeat(length)))).toMatchObject({
        code: 'GTIN_INVALID_LENGTH',
        details: { length, allowed: [8, 12, 13, 14] },
      });
    }
  });

  it('refuses characters other than digits', () => {
    expect(errorOf(() => parseGtin('400638133393A')).code).toBe('GTIN_NOT_NUMERIC');
    // Length counts characters: 15 characters with spaces is a length error, 14 is a digits error.
    expect(errorOf(() => parseGtin('4006 381333 931')).code).toBe('GTIN_INVALID_LENGTH');
    expect(errorOf(() => parseGtin('4006 381333931')).code).toBe('GTIN_NOT_NUMERIC');
    expect(errorOf(() => parseGtin('9638-507')).code).toBe('GTIN_NOT_NUMERIC');
  });
});
