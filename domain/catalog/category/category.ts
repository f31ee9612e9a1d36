/**
 * A category's fields as they are kept, checked by the rules of
 * specification 000 section 5: label and identifier 2 to 255 characters, the
 * identifier of digits, lowercase letters, hyphen and underscore; whole-number
 * weight (required) and dimensions; a decimal absorption value; buyer
 * required; children description at most 255 characters without markup;
 * translated texts within their field's bounds. Every problem is collected
 * and refused at once as CATEGORY_INVALID, `details.fields` naming each.
 */
import { ABSORPTION_TYPES } from '../../buybacks/absorption.js';
import { DomainError } from '../../shared/domain-error.js';
import { cleanTranslations, TRANSLATED_LOCALES, type Translations } from '../../shared/translations.js';
import type { CategoryFields } from './category-events.js';

export const CATEGORY_LIMITS = {
  label: { min: 2, max: 255 },
  identifier: { min: 2, max: 255 },
  description: { min: 0, max: 2_000 },
  childrenDescription: { min: 0, max: 255 },
  highlightedInstruction: { min: 0, max: 255 },
  imageAlt: { min: 0, max: 255 },
  /** Grams and centimetres. */
  weight: { min: 0, max: 1_000_000 },
  dimension: { min: 0, max: 10_000 },
  absorptionValue: { min: 0, max: 100_000_000 },
  referentWarehouses: 50,
} as const;

export const IDENTIFIER_PATTERN = /^[0-9a-z_-]+$/;
/** Markup: anything that looks like a tag or an entity. */
const MARKUP = /<[^>]*>|&[a-z#0-9]+;/i;

/** The paths a category's translations may name, with the bounds of their field. */
export const CATEGORY_TRANSLATED_FIELDS = {
  label: CATEGORY_LIMITS.label,
  description: CATEGORY_LIMITS.description,
  childrenDescription: CATEGORY_LIMITS.childrenDescription,
  highlightedInstruction: CATEGORY_LIMITS.highlightedInstruction,
  'image.alt': CATEGORY_LIMITS.imageAlt,
} as const;

export interface FieldProblem {
  field: string;
  code: string;
  [param: string]: unknown;
}

const length = (text: string) => [...text].length;

function text(problems: FieldProblem[], field: string, raw: string | null | undefined, bounds: { min: number; max: number }, required: boolean): string | null {
  const value = (raw ?? '').trim();
  if (value === '') {
    if (required) problems.push({ field, code: 'TEXT_REQUIRED' });
    return null;
  }
  if (length(value) < bounds.min || length(value) > bounds.max) problems.push({ field, code: 'TEXT_LENGTH', min: bounds.min, max: bounds.max });
  return value;
}

function whole(problems: FieldProblem[], field: string, value: number | null, bounds: { min: number; max: number }, required: boolean): number | null {
  if (value === null || value === undefined) {
    if (required) problems.push({ field, code: 'CATEGORY_VALUE_REQUIRED' });
    return null;
  }
  if (!Number.isInteger(value) || value < bounds.min || value > bounds.max) problems.push({ field, code: 'CATEGORY_WHOLE_NUMBER', min: bounds.min, max: bounds.max });
  return value;
}

/** The fields checked and normalised (texts trimmed, an empty optional one null); problems appended. */
export function normalizeCategoryFields(fields: CategoryFields, problems: FieldProblem[]): CategoryFields {
  const L = CATEGORY_LIMITS;
  const label = text(problems, 'label', fields.label, L.label, true) ?? '';
  const identifier = text(problems, 'identifier', fields.identifier, L.identifier, true) ?? '';
  if (identifier && !IDENTIFIER_PATTERN.test(identifier)) problems.push({ field: 'identifier', code: 'CATEGORY_IDENTIFIER_FORMAT' });
  const childrenDescription = text(problems, 'childrenDescription', fields.childrenDescription, L.childrenDescription, false);
  if (childrenDescription && MARKUP.test(childrenDescription)) problems.push({ field: 'childrenDescription', code: 'CATEGORY_MARKUP_NOT_ALLOWED' });
  const absorption = fields.absorption;
  if (!absorption || !(ABSORPTION_TYPES as readonly string[]).includes(absorption.type)) problems.push({ field: 'absorption.type', code: 'CATEGORY_VALUE_REQUIRED' });
  const value = absorption?.value;
  if (value === null || value === undefined || !Number.isFinite(value) || value < L.absorptionValue.min || value > L.absorptionValue.max) {
    problems.push({ field: 'absorption.value', code: 'CATEGORY_DECIMAL', min: L.absorptionValue.min, max: L.absorptionValue.max });
  } else if (absorption.type.startsWith('percentage') && value > 100) {
    problems.push({ field: 'absorption.value', code: 'CATEGORY_DECIMAL', min: 0, max: 100 });
  }
  const cap = absorption?.maxAbsorbedAmountInCents ?? null;
  if (cap !== null) whole(problems, 'absorption.maxAbsorbedAmountInCents', cap, L.absorptionValue, false);
  if (!fields.buyerId?.trim()) problems.push({ field: 'buyerId', code: 'CATEGORY_BUYER_REQUIRED' });
  if (fields.referentWarehouseIds.length > L.referentWarehouses) problems.push({ field: 'referentWarehouseIds', code: 'CATEGORY_TOO_MANY', max: L.referentWarehouses });
  const image = fields.image ? { url: fields.image.url.trim(), alt: text(problems, 'image.alt', fields.image.alt, L.imageAlt, false) } : null;
  return {
    parentId: fields.parentId,
    label,
    identifier,
    description: text(problems, 'description', fields.description, L.description, false),
    childrenDescription,
    highlightedInstruction: text(problems, 'highlightedInstruction', fields.highlightedInstruction, L.highlightedInstruction, false),
    image,
    defaultWeightGrams: whole(problems, 'defaultWeightGrams', fields.defaultWeightGrams, L.weight, true),
    defaultHeightCm: whole(problems, 'defaultHeightCm', fields.defaultHeightCm, L.dimension, false),
    defaultLengthCm: whole(problems, 'defaultLengthCm', fields.defaultLengthCm, L.dimension, false),
    defaultWidthCm: whole(problems, 'defaultWidthCm', fields.defaultWidthCm, L.dimension, false),
    absorption: { type: absorption?.type ?? 'none', value: value ?? 0, maxAbsorbedAmountInCents: cap },
    buyerId: fields.buyerId?.trim() ?? '',
    referentWarehouseIds: [...new Set(fields.referentWarehouseIds)],
    translations: checkTranslations(problems, fields.translations),
  };
}

/** Translations kept for the known paths, each within its field's bounds (children description without markup too). */
function checkTranslations(problems: FieldProblem[], translations: Translations | null): Translations | null {
  const cleaned = cleanTranslations(translations, (path) => path in CATEGORY_TRANSLATED_FIELDS);
  for (const locale of TRANSLATED_LOCALES) {
    for (const [path, value] of Object.entries(cleaned?.[locale] ?? {})) {
      const bounds = CATEGORY_TRANSLATED_FIELDS[path as keyof typeof CATEGORY_TRANSLATED_FIELDS];
      const field = `translations.${locale}.${path}`;
      if (length(value) < bounds.min || length(value) > bounds.max) problems.push({ field, code: 'TEXT_LENGTH', min: bounds.min, max: bounds.max });
      if (path === 'childrenDescription' && MARKUP.test(value)) problems.push({ field, code: 'CATEGORY_MARKUP_NOT_ALLOWED' });
    }
  }
  return cleaned;
}

export function refuseProblems(problems: FieldProblem[]): void {
  if (problems.length > 0) throw new DomainError('CATEGORY_INVALID', { fields: problems });
}
