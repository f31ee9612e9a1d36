import { DomainError } from '../shared/domain-error.js';
import { gs1CheckDigit } from './gtin.js';

/**
 * The buyback identification number: exactly 13 digits, the last one a GS1
 * check digit, so it prints as an EAN-13 barcode and typos are caught.
 */
export type IdentificationNumber = string & { readonly __brand: 'IdentificationNumber' };

export const IDENTIFICATION_NUMBER_LENGTH = 13;

/**
 * Numbers we issue start with "2": GS1 prefixes 20–29 are reserved for
 * restricted (in-house) circulation, so our labels never collide with a
 * retail product barcode.
 */
export const IDENTIFICATION_NUMBER_PREFIX = '2';

const DIGITS = /^[0-9]+$/;

/**
 * Parses a typed or scanned identification number (surrounding spaces
 * trimmed). Checks, in order: `BUYBACK_CODE_REQUIRED`,
 * `BUYBACK_CODE_NOT_NUMERIC`, `BUYBACK_CODE_LENGTH` ({expected: 13}),
 * `BUYBACK_CODE_NOT_FOUND` for a wrong check digit: no buyback can have
 * that code, and a seller can only act on "this code is not recognised"
 * (retype or rescan it). The prefix is not checked here.
 */
export function parseIdentificationNumber(raw: string): IdentificationNumber {
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (value === '') {
    throw new DomainError('BUYBACK_CODE_REQUIRED');
  }
  if (!DIGITS.test(value)) {
    throw new DomainError('BUYBACK_CODE_NOT_NUMERIC', { value });
  }
  if (value.length !== IDENTIFICATION_NUMBER_LENGTH) {
    throw new DomainError('BUYBACK_CODE_LENGTH', { expected: IDENTIFICATION_NUMBER_LENGTH });
  }
  if (gs1CheckDigit(value.slice(0, -1)) !== Number(value.slice(-1))) {
    throw new DomainError('BUYBACK_CODE_NOT_FOUND', { identificationNumber: value });
  }
  return value as IdentificationNumber;
}

/**
 * Builds a new identification number from 12 digits drawn by the caller
 * (this domain draws no randomness) by appending the GS1 check digit.
 * Throws `BUYBACK_CODE_NOT_NUMERIC`, `BUYBACK_CODE_LENGTH` ({expected: 12})
 * or `BUYBACK_CODE_PREFIX_INVALID` ({expected: "2"}).
 */
export function identificationNumberFrom(twelveDigits: string): IdentificationNumber {
  if (typeof twelveDigits !== 'string' || !DIGITS.test(twelveDigits)) {
    throw new DomainError('BUYBACK_CODE_NOT_NUMERIC', { value: twelveDigits });
  }
  if (twelveDigits.length !== IDENTIFICATION_NUMBER_LENGTH - 1) {
    throw new DomainError('BUYBACK_CODE_LENGTH', { expected: IDENTIFICATION_NUMBER_LENGTH - 1 });
  }
  if (!twelveDigits.startsWith(IDENTIFICATION_NUMBER_PREFIX)) {
    throw new DomainError('BUYBACK_CODE_PREFIX_INVALID', { expected: IDENTIFICATION_NUMBER_PREFIX });
  }
  return `${twelveDigits}${gs1CheckDigit(twelveDigits)}` as IdentificationNumber;
}
