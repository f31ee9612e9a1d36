import { describe, expect, it } from 'vitest';
import { domainErrorOf as errorOf } from '../shared/test-support.js';
import fc from 'fast-check';
import {
  IDENTITY_DOCUMENT_TYPES,
  type IdentityDocumentInput,
  daysInMonth,
  isCalendarDate,
  isLeapYear,
  parseIdentityDocument,
} from './customer-identity.js';


const TODAY = '2025-03-15';

const valid: IdentityDocumentInput = {
  type: 'identity_card',
  number: 'X4RTBPFW4',
  issuingAuthority: 'Préfecture de Police de Paris',
  deliveryDate: '2020-06-01',
};

describe('calendar dates', () => {
  it('knows the Gregorian leap years', () => {
    expect([2024, 2000, 1600, 2400].every(isLeapYear)).toBe(true);
    expect([2023, 1900, 2100, 2200].some(isLeapYear)).toBe(false);
  });

  it('accepts 29 February only in leap years', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('1900-02-29')).toBe(false);
  });

  it('refuses impossible days and months and other shapes', () => {
    for (const value of ['2024-04-31', '2024-13-01', '2024-00-10', '2024-01-00', '2024-01-32', '0000-01-01', '2024-1-01', '24-01-01', '2024/01/01', '2024-01-01T00:00', ' 2024-01-01', '']) {
      expect(isCalendarDate(value)).toBe(false);
    }
  });

  it('accepts every day of every month and nothing after the last', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        const prefix = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-`;
        const last = daysInMonth(year, month);
        expect(isCalendarDate(`${prefix}${String(last).padStart(2, '0')}`)).toBe(true);
        expect(isCalendarDate(`${prefix}${String(last + 1).padStart(2, '0')}`)).toBe(false);
      }),
    );
  });
});

describe('parseIdentityDocument', () => {
  it('accepts a valid document and normalises it', () => {
    // Given a document typed with spaces, lower case and padding
    const input = { ...valid, number: ' x4rt bpfw 4 ', issuingAuthority: '  Préfecture de Police de Paris ' };
    // When it is parsed
    const document = parseIdentityDocument(input, TODAY);
    // Then spaces are removed from the number, which is upper-cased, and the authority is trimmed
    expect(document).toEqual({
      type: 'identity_card',
      number: 'X4RTBPFW4',
      issuingAuthority: 'Préfecture de Police de Paris',
      deliveryDate: '2020-06-01',
    });
  });

  it('accepts every document type of the list', () => {
    for (const type of IDENTITY_DOCUMENT_TYPES) {
      expect(parseIdentityDocument({ ...valid, type }, TODAY).type).toBe(type);
    }
  });

  it('refuses a type that is not in the list', () => {
    for (const type of ['', 'Passport', 'visa', 'driving_license']) {
      expect(errorOf(() => parseIdentityDocument({ ...valid, type }, TODAY)).code).toBe('IDENTITY_TYPE_INVALID');
    }
  });

  it('wants 5 to 20 letters or digits as number', () => {
    expect(parseIdentityDocument({ ...valid, number: '12345' }, TODAY).number).toBe('12345');
    expect(parseIdentityDocument({ ...valid, number: 'A'.repeat(20) }, TODAY).number).toBe('A'.repeat(20));
    for (const number of ['1234', '1 2 3 4', 'A'.repeat(21), '12-345', 'ÉCOLE1', '']) {
      expect(errorOf(() => parseIdentityDocument({ ...valid, number }, TODAY))).toMatchObject({
        code: 'IDENTITY_NUMBER_INVALID',
        details: { min: 5, max: 20 },
      });
    }
  });

  it('wants 2 to 255 characters of issuing authority', () => {
    expect(parseIdentityDocument({ ...valid, issuingAuthority: 'UK' }, TODAY).issuingAuthority).toBe('UK');
    expect(parseIdentityDocument({ ...valid, issuingAuthority: 'é'.repeat(255) }, TODAY).issuingAuthority).toHaveLength(255);
    for (const issuingAuthority of ['', ' P ', 'x'.repeat(256)]) {
      expect(errorOf(() => parseIdentityDocument({ ...valid, issuingAuthority }, TODAY))).toMatchObject({
        code: 'IDENTITY_AUTHORITY_INVALID',
        details: { min: 2, max: 255 },
      });
    }
  });

  it('accepts a document delivered today but not tomorrow', () => {
    expect(parseIdentityDocument({ ...valid, deliveryDate: TODAY }, TODAY).deliveryDate).toBe(TODAY);
    expect(errorOf(() => parseIdentityDocument({ ...valid, deliveryDate: '2025-03-16' }, TODAY)).code).toBe(
      'IDENTITY_DELIVERY_DATE_INVALID',
    );
    expect(errorOf(() => parseIdentityDocument({ ...valid, deliveryDate: '2026-01-01' }, TODAY)).code).toBe(
      'IDENTITY_DELIVERY_DATE_INVALID',
    );
  });

  it('refuses a delivery date that is not a real calendar date', () => {
    for (const deliveryDate of ['2023-02-29', '2021-04-31', '15/03/2020', '2020-3-1', '']) {
      expect(errorOf(() => parseIdentityDocument({ ...valid, deliveryDate }, TODAY)).code).toBe(
        'IDENTITY_DELIVERY_DATE_INVALID',
      );
    }
    expect(parseIdentityDocument({ ...valid, deliveryDate: '2024-02-29' }, TODAY).deliveryDate).toBe('2024-02-29');
  });

  it('refuses a malformed today as a caller bug', () => {
    expect(errorOf(() => parseIdentityDocument(valid, '2025-02-30'))).toMatchObject({
      code: 'DATE_INVALID',
      details: { field: 'today' },
    });
  });
});
