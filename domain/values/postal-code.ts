import { DomainError } from '../shared/domain-error.js';

/**
 * Postal codes of the countries the platform serves first, checked exactly:
 * France and every territory of the French postal system (each also as a
 * country of its own, as the customer form offers them), Monaco, Belgium,
 * the Netherlands, Germany and Luxembourg. For other countries the caller
 * keeps its own, looser rule (`hasPostalCodeRule` says which).
 *
 * A table of our own rather than a package: validator's isPostalCode misses
 * Saint-Pierre-et-Miquelon (975) and the Pacific collectivities and refuses
 * Luxembourg's "L-1009"; postcode-validator takes any five digits for France
 * ("00000", "96000") and four for Belgium ("0000"). Six rules, each tested
 * with real addresses, cost the storefront's customer form nothing.
 *
 * What is stored is the national form: no country prefix ("L-1009" → "1009",
 * the country field already says Luxembourg, and an address label adds the
 * prefix back if its convention wants it), no spaces in a code of digits,
 * and the Dutch "1234 AB" (PostNL's form: one space, capital letters). One
 * spelling per code, so that searches and duplicates match.
 */
interface PostalCodeRule {
  /** Letters that may come before the code, with or without a hyphen: the old European country prefix and the ISO code ("L-1009", "LU-1009"). */
  readonly prefixes: readonly string[];
  /** The code without prefix nor spaces, upper case. */
  readonly pattern: RegExp;
  /** The stored form of a code that matched (the code itself when absent). */
  readonly format?: (compact: string) => string;
}

/**
 * The French postal system outside metropolitan France: one range per
 * territory. 97133 and 97150, Saint-Barthélemy's and Saint-Martin's single
 * codes, are in Guadeloupe's range (both were part of it until 2007);
 * Saint-Pierre and Miquelon share 97500. Monaco's 980xx is in the same
 * system but Monaco is not France: its codes go with MC only.
 */
const FRENCH_TERRITORIES: Readonly<Record<string, string>> = {
  GP: '971\\d{2}', // Guadeloupe
  MQ: '972\\d{2}', // Martinique
  GF: '973\\d{2}', // French Guiana
  RE: '974\\d{2}', // La Réunion
  PM: '97500', // Saint-Pierre-et-Miquelon
  YT: '976\\d{2}', // Mayotte
  BL: '97133', // Saint-Barthélemy
  MF: '97150', // Saint-Martin
  WF: '986\\d{2}', // Wallis-et-Futuna
  PF: '987\\d{2}', // French Polynesia
  NC: '988\\d{2}', // New Caledonia
};

/** Metropolitan France: the département's two digits (01–95, Corsica's 2A and 2B are 20) and three more. */
const METROPOLITAN_FRANCE = '(?:0[1-9]|[1-8]\\d|9[0-5])\\d{3}';

const exactly = (pattern: string) => new RegExp(`^(?:${pattern})$`);

const RULES: ReadonlyMap<string, PostalCodeRule> = new Map<string, PostalCodeRule>([
  // France, overseas included: a customer in Saint-Pierre or Nouméa may well choose "France".
  ['FR', { prefixes: ['F', 'FR'], pattern: exactly([METROPOLITAN_FRANCE, ...Object.values(FRENCH_TERRITORIES)].join('|')) }],
  ...Object.entries(FRENCH_TERRITORIES).map(([country, pattern]): [string, PostalCodeRule] => [country, { prefixes: [], pattern: exactly(pattern) }]),
  ['MC', { prefixes: ['MC'], pattern: exactly('980\\d{2}') }],
  // Belgium: 1000 (Brussels) to 9992.
  ['BE', { prefixes: ['B', 'BE'], pattern: exactly('[1-9]\\d{3}') }],
  // The Netherlands: 1000–9999 and two letters, never SA, SD nor SS.
  ['NL', { prefixes: ['NL'], pattern: exactly('[1-9]\\d{3}(?!SA|SD|SS)[A-Z]{2}'), format: (code) => `${code.slice(0, 4)} ${code.slice(4)}` }],
  // Germany: five digits, none starting with 00 (the lowest is Dresden's 01067).
  ['DE', { prefixes: ['D', 'DE'], pattern: exactly('(?!00)\\d{5}') }],
  // Luxembourg: four digits, usually written after "L-".
  ['LU', { prefixes: ['L', 'LU'], pattern: exactly('[1-9]\\d{3}') }],
]);

/** True when this module checks the postal codes of `country` (ISO 3166-1 alpha-2, upper case). */
export function hasPostalCodeRule(country: string): boolean {
  return RULES.has(country);
}

/**
 * Parses a postal code of `country` as typed and returns its stored form
 * (see above). Throws `ZIP_CODE_REQUIRED` when empty, `ZIP_CODE_INVALID`
 * ({country}) when it is not a code of that country. Only for a country
 * with a rule (`hasPostalCodeRule`): any other is a programming error.
 */
export function parsePostalCode(raw: string, country: string): string {
  const rule = RULES.get(country);
  if (!rule) throw new Error(`no postal code rule for ${country}: check hasPostalCodeRule first`);
  const typed = (typeof raw === 'string' ? raw : '').trim().toUpperCase();
  if (typed === '') throw new DomainError('ZIP_CODE_REQUIRED');
  const prefix = rule.prefixes.length > 0 ? new RegExp(`^(?:${rule.prefixes.join('|')})\\s*-?\\s*(?=\\d)`) : null;
  const compact = (prefix ? typed.replace(prefix, '') : typed).replace(/\s+/g, '');
  if (!rule.pattern.test(compact)) throw new DomainError('ZIP_CODE_INVALID', { country });
  return rule.format ? rule.format(compact) : compact;
}
