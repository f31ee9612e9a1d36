import { DomainError } from '../shared/domain-error.js';

/** An IBAN in electronic form (no spaces, upper case) and its country. */
export interface Iban {
  readonly value: string;
  readonly country: string;
}

/**
 * IBAN length per country (ISO 13616 registry). Countries not listed are
 * accepted with any length from IBAN_MIN_LENGTH to IBAN_MAX_LENGTH.
 */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20,
  ES: 24, FI: 18, FR: 27, GB: 22, GI: 23, GR: 27, HR: 21, HU: 28, IE: 22, IS: 26,
  IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MT: 31, NL: 18, NO: 15, PL: 28,
  PT: 25, RO: 24, SE: 24, SI: 19, SK: 24, SM: 27,
};

export const IBAN_MIN_LENGTH = 15;
export const IBAN_MAX_LENGTH = 34;

const IBAN_SHAPE = /^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/;

function normalize(raw: string): string {
  return (typeof raw === 'string' ? raw : '').replace(/\s+/g, '').toUpperCase();
}

/**
 * ISO 7064 mod 97-10 of the IBAN: the first four characters move to the
 * end, letters become 10..35, and the remainder is computed digit by digit
 * (the running value stays below 97 * 100, far within safe integers).
 */
export function ibanMod97(value: string): number {
  const rearranged = value.slice(4) + value.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const n = code >= 65 ? code - 55 : code - 48; // 'A' → 10, '0' → 0
    remainder = (n > 9 ? remainder * 100 + n : remainder * 10 + n) % 97;
  }
  return remainder;
}

/**
 * Parses an IBAN as typed: spaces removed, upper-cased. Checks, in order:
 * `IBAN_REQUIRED`; `IBAN_INVALID_FORMAT` (2 letters, 2 digits, then letters
 * and digits); `IBAN_INVALID_LENGTH` ({country, expected} for a known
 * country, {country, min, max} otherwise); `IBAN_CHECKSUM_INVALID` (mod 97
 * must be 1, and check digits 00, 01 and 99 never occur in a real IBAN).
 */
export function parseIban(raw: string): Iban {
  const value = normalize(raw);
  if (value === '') {
    throw new DomainError('IBAN_REQUIRED');
  }
  if (!IBAN_SHAPE.test(value)) {
    throw new DomainError('IBAN_INVALID_FORMAT', { value });
  }
  const country = value.slice(0, 2);
  const expected = IBAN_LENGTHS[country];
  if (expected !== undefined) {
    if (value.length !== expected) {
      throw new DomainError('IBAN_INVALID_LENGTH', { country, expected });
    }
  } else if (value.length < IBAN_MIN_LENGTH || value.length > IBAN_MAX_LENGTH) {
    throw new DomainError('IBAN_INVALID_LENGTH', { country, min: IBAN_MIN_LENGTH, max: IBAN_MAX_LENGTH });
  }
  const checkDigits = value.slice(2, 4);
  if (checkDigits === '00' || checkDigits === '01' || checkDigits === '99' || ibanMod97(value) !== 1) {
    throw new DomainError('IBAN_CHECKSUM_INVALID', { country });
  }
  return { value, country };
}

/** Print form: groups of four characters separated by spaces ("FR76 3000 6000 …"). */
export function formatIban(value: string): string {
  return normalize(value).replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Masked print form for screens, e-mails and logs. Visible: country and
 * check digits (first 4 characters: say which bank country, and useless
 * alone) and the last 4 characters (what a customer recognises their
 * account by, as on a card). Everything between is replaced by `*`, one per
 * character, so the length still shows; then grouped by 4 like formatIban:
 * "FR76 **** **** **** **** ***0 189". Values of 8 characters or fewer
 * are fully masked except the first 4 (nothing to hide otherwise).
 */
export function maskIban(value: string): string {
  const v = normalize(value);
  const visibleEnd = v.length > 8 ? 4 : 0;
  const masked = v.slice(0, 4) + '*'.repeat(Math.max(0, v.length - 4 - visibleEnd)) + v.slice(v.length - visibleEnd);
  return formatIban(masked);
}
