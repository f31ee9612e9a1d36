import { DomainError } from '../shared/domain-error.js';

/** A GS1 trade item number as printed under a barcode: GTIN-8, -12 (UPC-A), -13 (EAN-13) or -14. */
export type Gtin = string & { readonly __brand: 'Gtin' };

export const GTIN_LENGTHS = [8, 12, 13, 14] as const;

const DIGITS = /^[0-9]+$/;

/**
 * GS1 mod-10 check digit for the digits before it: from the right, weights
 * 3, 1, 3, 1… ; the check digit brings the weighted sum to a multiple of 10.
 * Throws `GTIN_NOT_NUMERIC` if the input is empty or not only digits.
 */
export function gs1CheckDigit(digitsWithoutCheck: string): number {
  if (!DIGITS.test(digitsWithoutCheck)) {
    throw new DomainError('GTIN_NOT_NUMERIC', { value: digitsWithoutCheck });
  }
  let sum = 0;
  for (let i = 0; i < digitsWithoutCheck.length; i++) {
    const d = digitsWithoutCheck.charCodeAt(digitsWithoutCheck.length - 1 - i) - 48;
    sum += i % 2 === 0 ? d * 3 : d;
  }
  return (10 - (sum % 10)) % 10;
}

/** True when `digits` (check digit last) carries a valid GS1 check digit. */
export function isGs1Valid(digits: string): boolean {
  if (digits.length < 2 || !DIGITS.test(digits)) return false;
  return gs1CheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
}

/**
 * Parses an EAN/GTIN (spec: "8, 12, 13 or 14 characters"). Surrounding
 * spaces are trimmed. Checks, in order: `GTIN_INVALID_LENGTH`
 * ({length, allowed}), `GTIN_NOT_NUMERIC`, `GTIN_CHECK_DIGIT_INVALID`.
 */
export function parseGtin(raw: string): Gtin {
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (!(GTIN_LENGTHS as readonly number[]).includes(value.length)) {
    throw new DomainError('GTIN_INVALID_LENGTH', { length: value.length, allowed: [...GTIN_LENGTHS] });
  }
  if (!DIGITS.test(value)) {
    throw new DomainError('GTIN_NOT_NUMERIC', { value });
  }
  if (!isGs1Valid(value)) {
    throw new DomainError('GTIN_CHECK_DIGIT_INVALID', { value });
  }
  return value as Gtin;
}
