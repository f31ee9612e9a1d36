import { DomainError } from '../../shared/domain-error.js';

/** La Poste's SIREN: its establishments' SIRETs break the Luhn rule, and follow their own (digits summing to a multiple of 5). */
const LA_POSTE_SIREN = '356000000';

/** Whether `digits` pass the Luhn check (every second digit from the right doubled). */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * A French establishment number (SIRET): 14 digits (spaces allowed when
 * typed, removed), Luhn-checked (La Poste's by its own rule). Refused with
 * SIRET_INVALID ({reason: 'format' | 'checksum'}).
 */
export function requireSiret(raw: string): string {
  const siret = raw.replace(/\s+/g, '');
  if (!/^\d{14}$/.test(siret)) throw new DomainError('SIRET_INVALID', { reason: 'format' });
  const valid = siret.startsWith(LA_POSTE_SIREN) && siret !== '35600000000048'
    ? [...siret].reduce((sum, digit) => sum + Number(digit), 0) % 5 === 0
    : luhn(siret);
  if (!valid) throw new DomainError('SIRET_INVALID', { reason: 'checksum' });
  return siret;
}

export function isValidSiret(raw: string): boolean {
  try {
    requireSiret(raw);
    return true;
  } catch {
    return false;
  }
}
