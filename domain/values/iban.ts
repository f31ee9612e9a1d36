import { getCountrySpecifications, isValidIBAN } from 'ibantools';
import { DomainError } from '../shared/domain-error.js';

/** An IBAN in electronic form (no spaces nor hyphens, upper case) and its country. */
export interface Iban {
  readonly value: string;
  readonly country: string;
}

const IBAN_SHAPE = /^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/;

/**
 * What is stored and compared: the electronic form of ISO 13616. Spaces
 * (any white space, as copied from a bank's page) and hyphens (as some banks
 * print it: "FR76-3000-…") are separators and go; letters are upper-cased.
 * Any other character is kept, so that the format check refuses it.
 */
function normalize(raw: string): string {
  return (typeof raw === 'string' ? raw : '').replace(/[\s-]+/g, '').toUpperCase();
}

/**
 * ISO 7064 mod 97-10 of the IBAN: the first four characters move to the
 * end, letters become 10..35, and the remainder is computed digit by digit
 * (the running value stays below 97 * 100, far within safe integers).
 * A valid IBAN gives 1; `98 - ibanMod97(country + '00' + bban)` are the
 * check digits of a BBAN.
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
 * The IBAN codes of the French banking system: France, Monaco, and the
 * overseas codes that the IBAN registry lists under France. Their BBAN is
 * the RIB: bank (5 digits), branch (5 digits), account (11 letters or
 * digits), key (2 digits). ibantools checks the key for FR and MC only.
 */
const FRENCH_RIB_COUNTRIES = new Set(['FR', 'MC', 'GF', 'GP', 'MQ', 'RE', 'YT', 'PM', 'BL', 'MF', 'NC', 'PF', 'WF', 'TF']);

/** A letter of a French account number as the RIB key reads it: A–I → 1–9, J–R → 1–9, S–Z → 2–9. */
function ribDigit(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code < 65) return ch;
  const index = code - 65;
  return String(index < 9 ? index + 1 : index < 18 ? index - 8 : index - 16);
}

/**
 * The RIB key: 97 − ((89 × bank + 15 × branch + 3 × account) mod 97), a
 * number from 01 to 97. `bban` has passed the country's BBAN format, so bank,
 * branch and key are digits (3 × an 11-digit account stays a safe integer).
 */
function hasValidRibKey(bban: string): boolean {
  const bank = Number(bban.slice(0, 5));
  const branch = Number(bban.slice(5, 10));
  const account = Number([...bban.slice(10, 21)].map(ribDigit).join(''));
  return Number(bban.slice(21, 23)) === 97 - ((89 * bank + 15 * branch + 3 * account) % 97);
}

/**
 * Parses an IBAN as typed: spaces and hyphens removed, upper-cased (the
 * electronic form is what is stored). Checks, in order:
 * - `IBAN_REQUIRED`;
 * - `IBAN_INVALID_FORMAT` ({value}): 2 letters, 2 digits, then letters and digits;
 * - `IBAN_COUNTRY_INVALID` ({country}): the first two letters are not a
 *   country with an IBAN format (the United States, a typo…), whatever mod 97 says;
 * - `IBAN_INVALID_LENGTH` ({country, expected}): the length of that country;
 * - `IBAN_CHECKSUM_INVALID` ({country}): a character is wrong. The BBAN
 *   does not follow the country's format (letters where the country has
 *   digits…), the check digits fail mod 97 (or are 00, 01 or 99, which
 *   never occur), or the national check digits fail (the French RIB key,
 *   Spain's control digits, Belgium's, and the others ibantools knows).
 *   One code for all: the customer's fix is the same, compare every
 *   character with the bank's details.
 *
 * The countries, their lengths, BBAN formats and national checks are
 * ibantools' (maintained against the SWIFT IBAN registry) rather than a
 * table of ours; the RIB key of the French overseas codes is checked here.
 * ibantools also knows the IBAN formats that some countries outside the
 * registry publish (Algeria, Senegal, Morocco…): we accept them, a real
 * account there being more likely than a typo that passes format, length
 * and mod 97.
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
  // Two upper-case letters: never the name of an Object.prototype property.
  const spec = countrySpecifications()[country];
  if (!spec?.chars || !spec.bban_regexp) {
    throw new DomainError('IBAN_COUNTRY_INVALID', { country });
  }
  if (value.length !== spec.chars) {
    throw new DomainError('IBAN_INVALID_LENGTH', { country, expected: spec.chars });
  }
  if (!isValidIBAN(value) || (FRENCH_RIB_COUNTRIES.has(country) && !hasValidRibKey(value.slice(4)))) {
    throw new DomainError('IBAN_CHECKSUM_INVALID', { country });
  }
  return { value, country };
}

let specifications: ReturnType<typeof getCountrySpecifications> | undefined;

/** ibantools' table, read on first use (not at import: screens that only mask an IBAN leave ibantools out of their bundle). */
function countrySpecifications(): ReturnType<typeof getCountrySpecifications> {
  specifications ??= getCountrySpecifications();
  return specifications;
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
