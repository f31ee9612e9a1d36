import { DomainError } from '../shared/domain-error.js';

/**
 * Gift-card and voucher numbers: random digits followed by two check digits
 * of ISO 7064 MOD 97-10 (the IBAN's check). Unguessable because the digits
 * are random (14 of them: 10^14 numbers, drawn by the caller from a
 * cryptographic source; the domain stays pure); the check catches every
 * single mistyped digit and every swap of two neighbouring digits (Luhn
 * misses 09 ↔ 90), so a mistyped code is refused before anyone looks it up.
 * Unique: the caller draws again when the code is already taken.
 */
export const VOUCHER_RANDOM_DIGITS = 14;
export const VOUCHER_CODE_LENGTH = VOUCHER_RANDOM_DIGITS + 2;

function mod97(digits: string): number {
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder;
}

/** The code for these random digits: they, then their two check digits. */
export function voucherCode(randomDigits: string): string {
  if (!new RegExp(`^\\d{${VOUCHER_RANDOM_DIGITS}}$`).test(randomDigits)) {
    throw new DomainError('PAYMENT_VOUCHER_DIGITS_INVALID', { expectedDigits: VOUCHER_RANDOM_DIGITS });
  }
  const check = 98 - mod97(`${randomDigits}00`);
  return `${randomDigits}${String(check).padStart(2, '0')}`;
}

/** The code as people type it: spaces and hyphens between groups are ignored. */
export function normalizeVoucherCode(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** Whether this is a code `voucherCode` could have made: the right length, digits only, and its check holds. */
export function isValidVoucherCode(input: string): boolean {
  const code = normalizeVoucherCode(input);
  return new RegExp(`^\\d{${VOUCHER_CODE_LENGTH}}$`).test(code) && mod97(code) === 1;
}

/** Printed in groups of four: `1234 5678 9012 3456`. */
export function formatVoucherCode(code: string): string {
  return normalizeVoucherCode(code).replace(/(\d{4})(?=\d)/g, '$1 ');
}
