import { DomainError } from '../shared/domain-error.js';

/**
 * A device identity read from the handset (`*#06#`).
 *
 * Accepted lengths (spec: "IMEI: 15 to 17 digits, digits only"):
 * - 15 digits: IMEI = TAC (8) + serial number (6) + Luhn check digit (1).
 *   The check digit must be valid.
 * - 16 digits: IMEISV = TAC (8) + serial number (6) + software version (2).
 *   An IMEISV carries no check digit, so only the digits are checked.
 * - 17 digits: our reading is a full 15-digit IMEI (check digit included,
 *   Luhn-checked) followed by the 2-digit software version, as some devices
 *   and diagnostic tools print it. 3GPP defines no 17-digit format, so this
 *   is the only reading that still lets us catch typos.
 *
 * `tac` (Type Allocation Code, first 8 digits) identifies the device model.
 */
export interface Imei {
  readonly value: string;
  readonly tac: string;
}

export const IMEI_MIN_LENGTH = 15;
export const IMEI_MAX_LENGTH = 17;
export const TAC_LENGTH = 8;

const DIGITS = /^[0-9]+$/;

/**
 * Luhn check digit for `digits` (the payload, without the check digit).
 * Throws `LUHN_INPUT_NOT_NUMERIC` if `digits` is empty or not only digits.
 */
export function luhnCheckDigit(digits: string): number {
  if (!DIGITS.test(digits)) {
    throw new DomainError('LUHN_INPUT_NOT_NUMERIC', { digits });
  }
  let sum = 0;
  // The rightmost payload digit is doubled (it sits next to the check digit).
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** True when `digits` (check digit last) passes the Luhn check. False for empty or non-digit input. */
export function isLuhnValid(digits: string): boolean {
  if (digits.length < 2 || !DIGITS.test(digits)) return false;
  return luhnCheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
}

/**
 * Parses an IMEI as typed: surrounding spaces are trimmed, then the value
 * must be 15 to 17 digits. Checks, in order: `IMEI_REQUIRED`,
 * `IMEI_NOT_NUMERIC`, `IMEI_TOO_SHORT` ({min}), `IMEI_TOO_LONG` ({max}),
 * `IMEI_CHECK_DIGIT_INVALID`.
 */
export function parseImei(raw: string): Imei {
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (value === '') {
    throw new DomainError('IMEI_REQUIRED');
  }
  if (!DIGITS.test(value)) {
    throw new DomainError('IMEI_NOT_NUMERIC', { value });
  }
  if (value.length < IMEI_MIN_LENGTH) {
    throw new DomainError('IMEI_TOO_SHORT', { min: IMEI_MIN_LENGTH });
  }
  if (value.length > IMEI_MAX_LENGTH) {
    throw new DomainError('IMEI_TOO_LONG', { max: IMEI_MAX_LENGTH });
  }
  // 15 digits: the whole value; 17 digits: the leading 15-digit IMEI. 16 (IMEISV): no check digit.
  if (value.length !== 16 && !isLuhnValid(value.slice(0, 15))) {
    throw new DomainError('IMEI_CHECK_DIGIT_INVALID', { value });
  }
  return { value, tac: value.slice(0, TAC_LENGTH) };
}

/** True when the IMEI's TAC is one of `tacCodes`. An empty list matches nothing. */
export function imeiMatchesTac(imei: Imei, tacCodes: readonly string[]): boolean {
  return tacCodes.includes(imei.tac);
}

/**
 * Parses a comma-separated list of TAC codes (spec: "TAC codes: 8 digits
 * each, comma separated"). Spaces around each code are trimmed; empty
 * entries (blank input, trailing comma) are ignored; duplicates are kept
 * once, in first-seen order. Any other entry that is not exactly 8 digits
 * throws `TAC_CODE_INVALID` with `{ value }`.
 */
export function parseTacCodes(raw: string): string[] {
  const codes: string[] = [];
  for (const part of (typeof raw === 'string' ? raw : '').split(',')) {
    const value = part.trim();
    if (value === '') continue;
    if (value.length !== TAC_LENGTH || !DIGITS.test(value)) {
      throw new DomainError('TAC_CODE_INVALID', { value });
    }
    if (!codes.includes(value)) codes.push(value);
  }
  return codes;
}
