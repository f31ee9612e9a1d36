/**
 * The rules of a circuit's fields (specification 000 §3 and §5), shared by
 * the circuit and its dispatch circuit rules: a description of at most 500
 * characters without markup, at most 6 instructions of 1 to 150 characters
 * with their types, eligible countries, whole-cent bonuses, and the texts'
 * translations checked with their field's own bounds. Pure.
 */
import { INSTRUCTION_TYPES, type CircuitInstruction } from '../events.js';
import { cleanTranslations, TRANSLATED_LOCALES, type Translations } from '../../shared/translations.js';

export const CIRCUIT_LIMITS = {
  name: { min: 2, max: 255 },
  description: { max: 500 },
  instructions: { max: 6 },
  instructionLabel: { min: 1, max: 150 },
  /** Copies of the transfer order (the payments part prints at most 5). */
  transferOrderNumberOfCopy: { min: 1, max: 5 },
  /** The customer's bonus (positive) or cost (negative), whole cents: at most 50,000.00 either way, the catalogue's price bound. */
  customerBonusInCents: { min: -5_000_000, max: 5_000_000 },
  countries: { max: 250 },
  references: { max: 100 },
} as const;

/** One refused field: where (`instructions.2.label`, `translations.en-GB.description`), the code of its message, and the bound it broke. */
export interface CircuitFieldError {
  field: string;
  code: string;
  [detail: string]: unknown;
}

const length = (text: string) => [...text].length;
/** An HTML or XML tag, a comment or an entity: "without markup" (specification 000 §5). */
const MARKUP = /<\s*\/?\s*[a-z!?][^>]*>|&(?:[a-z]+|#\d+|#x[0-9a-f]+);/i;

export function hasMarkup(text: string): boolean {
  return MARKUP.test(text);
}

/** A name of 2 to 255 characters (trimmed). */
export function checkName(field: string, raw: string, problems: CircuitFieldError[]): string {
  const name = raw.trim();
  const { min, max } = CIRCUIT_LIMITS.name;
  if (name === '') problems.push({ field, code: 'TEXT_REQUIRED' });
  else if (length(name) < min || length(name) > max) problems.push({ field, code: 'TEXT_LENGTH', min, max });
  return name;
}

/** A text of at most `max` characters without markup; blank: null. */
export function checkPlainText(field: string, raw: string | null, max: number, problems: CircuitFieldError[]): string | null {
  const text = (raw ?? '').trim();
  if (text === '') return null;
  if (length(text) > max) problems.push({ field, code: 'TEXT_LENGTH', min: 0, max });
  else if (hasMarkup(text)) problems.push({ field, code: 'CIRCUIT_MARKUP_NOT_ALLOWED' });
  return text;
}

/**
 * At most 6 instructions, numbered 1, 2… in the order given; each of a known
 * type, its label 1 to 150 characters without markup, or null (blank) for
 * the type's usual wording.
 */
export function checkInstructions(field: string, raw: readonly CircuitInstruction[], problems: CircuitFieldError[]): CircuitInstruction[] {
  const { max } = CIRCUIT_LIMITS.instructions;
  if (raw.length > max) problems.push({ field, code: 'CIRCUIT_TOO_MANY_INSTRUCTIONS', max });
  return raw.slice(0, max).map((instruction, index) => {
    const sequence = index + 1;
    if (!(INSTRUCTION_TYPES as readonly string[]).includes(instruction.type)) problems.push({ field: `${field}.${sequence}.type`, code: 'CIRCUIT_INSTRUCTION_TYPE_INVALID' });
    const label = checkPlainText(`${field}.${sequence}.label`, instruction.label, CIRCUIT_LIMITS.instructionLabel.max, problems);
    return { sequence, type: instruction.type, label };
  });
}

/** ISO 3166-1 alpha-2 codes, upper case, each once, in the order given. */
export function checkCountries(field: string, raw: readonly string[], problems: CircuitFieldError[]): string[] {
  const countries = [...new Set(raw.map((country) => country.trim().toUpperCase()))];
  const invalid = countries.filter((country) => !/^[A-Z]{2}$/.test(country));
  if (invalid.length > 0) problems.push({ field, code: 'CIRCUIT_COUNTRY_INVALID', countries: invalid });
  if (countries.length > CIRCUIT_LIMITS.countries.max) problems.push({ field, code: 'CIRCUIT_TOO_MANY_VALUES', max: CIRCUIT_LIMITS.countries.max });
  return countries;
}

/** Ids each once, every one among those `known` (the tenant's): an unknown one is named. */
export function checkReferences(field: string, raw: readonly string[], known: ReadonlySet<string> | null, problems: CircuitFieldError[]): string[] {
  const ids = [...new Set(raw)];
  if (ids.length > CIRCUIT_LIMITS.references.max) problems.push({ field, code: 'CIRCUIT_TOO_MANY_VALUES', max: CIRCUIT_LIMITS.references.max });
  const unknown = known === null ? [] : ids.filter((id) => !known.has(id));
  if (unknown.length > 0) problems.push({ field, code: 'CIRCUIT_REFERENCE_UNKNOWN', ids: unknown });
  return ids;
}

/** A whole number of cents within ±50,000.00 (a bonus or a cost); not a whole number: refused at its field. */
export function checkBonus(field: string, raw: number, problems: CircuitFieldError[]): number {
  const { min, max } = CIRCUIT_LIMITS.customerBonusInCents;
  if (!Number.isInteger(raw) || raw < min || raw > max) problems.push({ field, code: 'CIRCUIT_BONUS_INVALID', min, max });
  return raw;
}

/** Null (the payments part's default: one copy) or a whole number from 1 to 5. */
export function checkCopies(field: string, raw: number | null, problems: CircuitFieldError[]): number | null {
  if (raw === null) return null;
  const { min, max } = CIRCUIT_LIMITS.transferOrderNumberOfCopy;
  if (!Number.isInteger(raw) || raw < min || raw > max) problems.push({ field, code: 'CIRCUIT_COPIES_INVALID', min, max });
  return raw;
}

/** How a translated field is checked: its own bounds (a name 2 to 255; a plain text, its maximum, no markup). */
export type TranslatedField = { kind: 'name' } | { kind: 'plain'; max: number };

/**
 * The translations kept: only the paths `fieldOf` knows (others dropped),
 * blank ones dropped, each checked with its field's bounds; null when none.
 */
export function checkTranslations(
  raw: Translations | null,
  fieldOf: (path: string) => TranslatedField | null,
  problems: CircuitFieldError[],
): Translations | null {
  const cleaned = cleanTranslations(raw, (path) => fieldOf(path) !== null);
  if (cleaned === null) return null;
  for (const locale of TRANSLATED_LOCALES) {
    for (const [path, text] of Object.entries(cleaned[locale] ?? {})) {
      const rule = fieldOf(path) as TranslatedField;
      const field = `translations.${locale}.${path}`;
      if (rule.kind === 'name') checkName(field, text, problems);
      else checkPlainText(field, text, rule.max, problems);
    }
  }
  return cleaned;
}

/** The translated paths of instructions: `instructions.<sequence>.label` for each written one. */
export function instructionLabelPath(path: string, count: number): boolean {
  const match = /^instructions\.(\d+)\.label$/.exec(path);
  return match !== null && Number(match[1]) >= 1 && Number(match[1]) <= count;
}

/** Two values compare equal when their JSON does (the fields are plain data). */
export function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
