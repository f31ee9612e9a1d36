/**
 * A product's fields as they are kept (specification 000 §3 and §5): texts
 * trimmed (an empty optional one null), the EAN/GTIN with its GS1 check
 * digit, TAC codes of 8 digits, whole dimensions and weights, prices in whole
 * cents from 0 to 5,000,000 (0 to 50,000 euros). Every field's problem is
 * collected and refused at once as PRODUCT_INVALID, `details.fields` naming
 * each with its own code. Pure.
 */
import { DomainError } from '../../shared/domain-error.js';
import { cleanTranslations, TRANSLATED_LOCALES, type Translations } from '../../shared/translations.js';
import { parseGtin } from '../../values/gtin.js';
import { PRODUCT_STATES } from '../estimate.js';
import type { ProductFields, ProductPrices } from './product-events.js';

export const PRODUCT_LIMITS = {
  label: { min: 2, max: 255 },
  brand: { min: 1, max: 255 },
  model: { min: 0, max: 255 },
  reference: { min: 1, max: 255 },
  comment: { min: 1, max: 500 },
  /** Cents: 0 to 50,000 euros. */
  price: { min: 0, max: 5_000_000 },
  dimensionCm: { min: 0, max: 10_000 },
  weightGrams: { min: 0, max: 1_000_000 },
  tacCodes: 1_000,
  secondaryCategories: 20,
  imageUrl: 2_048,
} as const;

export interface FieldProblem {
  field: string;
  code: string;
  [param: string]: unknown;
}

const DIMENSIONS = ['heightCm', 'lengthCm', 'widthCm', 'nominalHeightCm', 'nominalLengthCm', 'nominalWidthCm'] as const;
const WEIGHTS = ['weightGrams', 'nominalWeightGrams'] as const;
const TRANSLATED_FIELDS = { label: PRODUCT_LIMITS.label, comment: PRODUCT_LIMITS.comment } as const;
const TAC = /^[0-9]{8}$/;
const IMAGE_URL = /^(https?:\/\/|\/)[^\s]*$/;

const length = (text: string) => [...text].length;

function text(problems: FieldProblem[], field: string, raw: unknown, bounds: { min: number; max: number }, required: boolean): string | null {
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (value === '') {
    if (required) problems.push({ field, code: 'TEXT_REQUIRED' });
    return null;
  }
  if (length(value) < bounds.min || length(value) > bounds.max) problems.push({ field, code: 'TEXT_LENGTH', min: bounds.min, max: bounds.max });
  return value;
}

function whole(problems: FieldProblem[], field: string, value: unknown, bounds: { min: number; max: number }, code: string): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < bounds.min || value > bounds.max) {
    problems.push({ field, code, min: bounds.min, max: bounds.max });
    return null;
  }
  return value;
}

function ean(problems: FieldProblem[], raw: unknown): string | null {
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (value === '') return null;
  try {
    return parseGtin(value);
  } catch (error) {
    if (error instanceof DomainError) problems.push({ field: 'ean', code: error.code, ...error.details });
    else throw error;
    return value;
  }
}

function tacCodes(problems: FieldProblem[], raw: unknown): string[] {
  const codes = Array.isArray(raw) ? raw.map((code) => String(code).trim()).filter((code) => code !== '') : [];
  const invalid = codes.filter((code) => !TAC.test(code));
  if (invalid.length > 0) problems.push({ field: 'tacCodes', code: 'TAC_CODE_INVALID', value: invalid.slice(0, 5).join(', ') });
  if (codes.length > PRODUCT_LIMITS.tacCodes) problems.push({ field: 'tacCodes', code: 'PRODUCT_TOO_MANY_TAC_CODES', max: PRODUCT_LIMITS.tacCodes });
  return [...new Set(codes)];
}

function imageUrl(problems: FieldProblem[], field: string, raw: unknown): string | null {
  if (raw === null || raw === undefined || raw === '') return null;
  if (typeof raw !== 'string' || raw.length > PRODUCT_LIMITS.imageUrl || !IMAGE_URL.test(raw)) {
    problems.push({ field, code: 'PRODUCT_IMAGE_URL_INVALID' });
    return null;
  }
  return raw;
}

function translations(problems: FieldProblem[], raw: Translations | null | undefined): Translations | null {
  const cleaned = cleanTranslations(raw ?? null, (path) => path in TRANSLATED_FIELDS);
  for (const locale of TRANSLATED_LOCALES) {
    for (const [path, value] of Object.entries(cleaned?.[locale] ?? {})) {
      const bounds = TRANSLATED_FIELDS[path as keyof typeof TRANSLATED_FIELDS];
      if (length(value) < bounds.min || length(value) > bounds.max) {
        problems.push({ field: `translations.${locale}.${path}`, code: 'TEXT_LENGTH', min: bounds.min, max: bounds.max });
      }
    }
  }
  return cleaned;
}

/** The categories the application found in the product's account (the main and secondary ones named). */
export interface ProductFacts {
  knownCategoryIds: readonly string[];
}

/** The fields checked and normalised; the problems found are appended to `problems`. */
export function normalizeProductFields(fields: ProductFields, facts: ProductFacts, problems: FieldProblem[]): ProductFields {
  const known = new Set(facts.knownCategoryIds);
  const categoryId = typeof fields.categoryId === 'string' ? fields.categoryId.trim() : '';
  if (categoryId === '') problems.push({ field: 'categoryId', code: 'TEXT_REQUIRED' });
  else if (!known.has(categoryId)) problems.push({ field: 'categoryId', code: 'PRODUCT_CATEGORY_NOT_FOUND', categoryId });
  const secondary = [...new Set((fields.secondaryCategoryIds ?? []).filter((id) => id !== categoryId))];
  if (secondary.length > PRODUCT_LIMITS.secondaryCategories) {
    problems.push({ field: 'secondaryCategoryIds', code: 'PRODUCT_TOO_MANY_CATEGORIES', max: PRODUCT_LIMITS.secondaryCategories });
  }
  const unknown = secondary.filter((id) => !known.has(id));
  if (unknown.length > 0) problems.push({ field: 'secondaryCategoryIds', code: 'PRODUCT_CATEGORY_NOT_FOUND', categoryId: unknown[0] });
  const normalized: ProductFields = {
    label: text(problems, 'label', fields.label, PRODUCT_LIMITS.label, true) ?? '',
    brand: text(problems, 'brand', fields.brand, PRODUCT_LIMITS.brand, true) ?? '',
    model: text(problems, 'model', fields.model, PRODUCT_LIMITS.model, false) ?? '',
    reference: text(problems, 'reference', fields.reference, PRODUCT_LIMITS.reference, false),
    buyerReference: text(problems, 'buyerReference', fields.buyerReference, PRODUCT_LIMITS.reference, false),
    ean: ean(problems, fields.ean),
    tacCodes: tacCodes(problems, fields.tacCodes),
    categoryId,
    secondaryCategoryIds: secondary,
    comment: text(problems, 'comment', fields.comment, PRODUCT_LIMITS.comment, false),
    simple: fields.simple === true,
    isCollectingImei: fields.isCollectingImei === true,
    buybackZeroNotAllowed: fields.buybackZeroNotAllowed === true,
    heightCm: null,
    lengthCm: null,
    widthCm: null,
    weightGrams: null,
    nominalHeightCm: null,
    nominalLengthCm: null,
    nominalWidthCm: null,
    nominalWeightGrams: null,
    imageUrl: imageUrl(problems, 'imageUrl', fields.imageUrl),
    imageHdUrl: imageUrl(problems, 'imageHdUrl', fields.imageHdUrl),
    translations: translations(problems, fields.translations),
  };
  for (const name of DIMENSIONS) normalized[name] = whole(problems, name, fields[name], PRODUCT_LIMITS.dimensionCm, 'PRODUCT_DIMENSION_INVALID');
  for (const name of WEIGHTS) normalized[name] = whole(problems, name, fields[name], PRODUCT_LIMITS.weightGrams, 'PRODUCT_WEIGHT_INVALID');
  return normalized;
}

/** The prices named, each whole cents from 0 to 5,000,000 or null; unknown states are refused. */
export function normalizePrices(prices: Partial<Record<string, number | null>>, problems: FieldProblem[]): Partial<ProductPrices> {
  const normalized: Partial<ProductPrices> = {};
  for (const [state, value] of Object.entries(prices)) {
    if (value === undefined) continue;
    if (!(PRODUCT_STATES as readonly string[]).includes(state)) {
      problems.push({ field: `prices.${state}`, code: 'PRODUCT_PRICE_STATE_UNKNOWN' });
      continue;
    }
    normalized[state as keyof ProductPrices] = whole(problems, `prices.${state}`, value, PRODUCT_LIMITS.price, 'PRODUCT_PRICE_INVALID');
  }
  return normalized;
}

export function refuseProblems(problems: readonly FieldProblem[]): void {
  if (problems.length > 0) throw new DomainError('PRODUCT_INVALID', { fields: problems });
}
