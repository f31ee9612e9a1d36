// .js: Node tests load this file.
import { centsOf } from './list-params.js';

/** What the product's form edits, as typed (numbers as text: an empty field is no value). */
export interface ProductFormValues {
  label: string;
  brand: string;
  model: string;
  reference: string;
  buyerReference: string;
  ean: string;
  /** Comma separated (specification 000 §5). */
  tacCodes: string;
  categoryId: string;
  secondaryCategoryIds: string[];
  comment: string;
  simple: boolean;
  isCollectingImei: boolean;
  buybackZeroNotAllowed: boolean;
  heightCm: string;
  lengthCm: string;
  widthCm: string;
  weightGrams: string;
  nominalHeightCm: string;
  nominalLengthCm: string;
  nominalWidthCm: string;
  nominalWeightGrams: string;
  /** Euros per state, as typed. */
  prices: Record<PriceState, string>;
  translations: Record<TranslatedLocale, { label: string; comment: string }>;
}

export const PRICE_STATES = ['functional', 'grade_a', 'grade_b', 'grade_c', 'grade_d', 'grade_e'] as const;
export type PriceState = (typeof PRICE_STATES)[number];
export const TRANSLATED = ['en-GB', 'nl-BE', 'de-DE'] as const;
export type TranslatedLocale = (typeof TRANSLATED)[number];
export const MEASURES = ['heightCm', 'lengthCm', 'widthCm', 'weightGrams', 'nominalHeightCm', 'nominalLengthCm', 'nominalWidthCm', 'nominalWeightGrams'] as const;
export type Measure = (typeof MEASURES)[number];

/** A form field a problem is shown at. */
export type ProductField =
  | 'label'
  | 'brand'
  | 'model'
  | 'reference'
  | 'buyerReference'
  | 'ean'
  | 'tacCodes'
  | 'categoryId'
  | 'secondaryCategoryIds'
  | 'comment'
  | Measure
  | `prices.${PriceState}`
  | `translations.${TranslatedLocale}.label`
  | `translations.${TranslatedLocale}.comment`;
export type ProductProblems = Partial<Record<ProductField, string>>;

/** What the API takes (POST /products, PATCH /products/{id}). */
export interface ProductBody {
  label: string;
  brand: string;
  model: string;
  reference: string | null;
  buyerReference: string | null;
  ean: string | null;
  tacCodes: string[];
  categoryId: string;
  secondaryCategoryIds: string[];
  comment: string | null;
  simple: boolean;
  isCollectingImei: boolean;
  buybackZeroNotAllowed: boolean;
  heightCm: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  weightGrams: number | null;
  nominalHeightCm: number | null;
  nominalLengthCm: number | null;
  nominalWidthCm: number | null;
  nominalWeightGrams: number | null;
  prices: Record<PriceState, number | null>;
  translations: Partial<Record<TranslatedLocale, { label?: string; comment?: string }>> | null;
}

const emptyTranslations = (): ProductFormValues['translations'] => ({ 'en-GB': { label: '', comment: '' }, 'nl-BE': { label: '', comment: '' }, 'de-DE': { label: '', comment: '' } });

export const NEW_PRODUCT: ProductFormValues = {
  label: '',
  brand: '',
  model: '',
  reference: '',
  buyerReference: '',
  ean: '',
  tacCodes: '',
  categoryId: '',
  secondaryCategoryIds: [],
  comment: '',
  simple: false,
  isCollectingImei: false,
  buybackZeroNotAllowed: false,
  heightCm: '',
  lengthCm: '',
  widthCm: '',
  weightGrams: '',
  nominalHeightCm: '',
  nominalLengthCm: '',
  nominalWidthCm: '',
  nominalWeightGrams: '',
  prices: { functional: '', grade_a: '', grade_b: '', grade_c: '', grade_d: '', grade_e: '' },
  translations: emptyTranslations(),
};

/** Cents as the form shows them in euros ("299.99"). */
export function eurosOf(cents: number | null): string {
  if (cents === null) return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

interface Detail {
  label: string;
  brand: string;
  model: string;
  reference: string | null;
  buyerReference: string | null;
  ean: string | null;
  tacCodes: string[];
  categoryId: string;
  secondaryCategoryIds: string[];
  comment: string | null;
  simple: boolean;
  isCollectingImei: boolean;
  buybackZeroNotAllowed: boolean;
  prices: Record<PriceState, number | null>;
  translations: Record<string, Record<string, string>> | null;
}

export function valuesOf(product: Detail & Record<Measure, number | null>): ProductFormValues {
  const translations = emptyTranslations();
  for (const locale of TRANSLATED) {
    translations[locale] = { label: product.translations?.[locale]?.label ?? '', comment: product.translations?.[locale]?.comment ?? '' };
  }
  const values: ProductFormValues = {
    ...NEW_PRODUCT,
    label: product.label,
    brand: product.brand,
    model: product.model,
    reference: product.reference ?? '',
    buyerReference: product.buyerReference ?? '',
    ean: product.ean ?? '',
    tacCodes: product.tacCodes.join(', '),
    categoryId: product.categoryId,
    secondaryCategoryIds: product.secondaryCategoryIds,
    comment: product.comment ?? '',
    simple: product.simple,
    isCollectingImei: product.isCollectingImei,
    buybackZeroNotAllowed: product.buybackZeroNotAllowed,
    prices: Object.fromEntries(PRICE_STATES.map((state) => [state, eurosOf(product.prices[state])])) as ProductFormValues['prices'],
    translations,
  };
  for (const measure of MEASURES) values[measure] = product[measure] === null ? '' : String(product[measure]);
  return values;
}

export interface Problem {
  field: ProductField;
  code: string;
  details?: Record<string, unknown>;
}

const optional = (text: string) => (text.trim() === '' ? null : text.trim());
const length = (text: string) => [...text.trim()].length;

/**
 * The form checked as the API will (specification 000 §5): name 2 to 255,
 * brand required, EAN of 8, 12, 13 or 14 digits, TAC codes of 8 digits
 * comma separated, a main category, comment at most 500, whole dimensions
 * and weights, prices from 0 to 50,000 €. The EAN's check digit is the API's.
 */
export function checkForm(values: ProductFormValues): { body: ProductBody } | { problems: Problem[] } {
  const problems: Problem[] = [];
  const label = values.label.trim();
  if (!label) problems.push({ field: 'label', code: 'TEXT_REQUIRED' });
  else if (length(label) < 2 || length(label) > 255) problems.push({ field: 'label', code: 'TEXT_LENGTH', details: { min: 2, max: 255 } });
  if (!values.brand.trim()) problems.push({ field: 'brand', code: 'TEXT_REQUIRED' });
  const ean = values.ean.trim();
  if (ean && ![8, 12, 13, 14].includes(ean.length)) problems.push({ field: 'ean', code: 'GTIN_INVALID_LENGTH' });
  else if (ean && !/^\d+$/.test(ean)) problems.push({ field: 'ean', code: 'GTIN_NOT_NUMERIC' });
  const tacCodes = values.tacCodes
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);
  if (tacCodes.some((code) => !/^\d{8}$/.test(code))) problems.push({ field: 'tacCodes', code: 'TAC_CODE_INVALID' });
  if (!values.categoryId) problems.push({ field: 'categoryId', code: 'TEXT_REQUIRED' });
  if (length(values.comment) > 500) problems.push({ field: 'comment', code: 'TEXT_LENGTH', details: { min: 1, max: 500 } });
  const measures = {} as Record<Measure, number | null>;
  for (const measure of MEASURES) {
    const text = values[measure].trim();
    if (text === '') measures[measure] = null;
    else if (!/^\d+$/.test(text)) problems.push({ field: measure, code: measure.endsWith('Grams') ? 'PRODUCT_WEIGHT_INVALID' : 'PRODUCT_DIMENSION_INVALID', details: { min: 0, max: measure.endsWith('Grams') ? 1_000_000 : 10_000 } });
    else measures[measure] = Number(text);
  }
  const prices = {} as Record<PriceState, number | null>;
  for (const state of PRICE_STATES) {
    const text = values.prices[state].trim();
    const cents = text === '' ? null : centsOf(text);
    if (text !== '' && cents === null) problems.push({ field: `prices.${state}`, code: 'PRODUCT_PRICE_INVALID' });
    prices[state] = cents;
  }
  const translations: NonNullable<ProductBody['translations']> = {};
  for (const locale of TRANSLATED) {
    const { label: translatedLabel, comment } = values.translations[locale];
    if (translatedLabel.trim() && (length(translatedLabel) < 2 || length(translatedLabel) > 255)) {
      problems.push({ field: `translations.${locale}.label`, code: 'TEXT_LENGTH', details: { min: 2, max: 255 } });
    }
    if (length(comment) > 500) problems.push({ field: `translations.${locale}.comment`, code: 'TEXT_LENGTH', details: { min: 1, max: 500 } });
    const entry = { ...(translatedLabel.trim() ? { label: translatedLabel.trim() } : {}), ...(comment.trim() ? { comment: comment.trim() } : {}) };
    if (Object.keys(entry).length) translations[locale] = entry;
  }
  if (problems.length > 0) return { problems };
  return {
    body: {
      label,
      brand: values.brand.trim(),
      model: values.model.trim(),
      reference: optional(values.reference),
      buyerReference: optional(values.buyerReference),
      ean: ean || null,
      tacCodes,
      categoryId: values.categoryId,
      secondaryCategoryIds: values.secondaryCategoryIds.filter((id) => id !== values.categoryId),
      comment: optional(values.comment),
      simple: values.simple,
      isCollectingImei: values.isCollectingImei,
      buybackZeroNotAllowed: values.buybackZeroNotAllowed,
      ...measures,
      prices,
      translations: Object.keys(translations).length ? translations : null,
    },
  };
}

/** The form field of an API problem's path (`prices.grade_a`, `translations.en-GB.label`…), null for none of the form's. */
export function formFieldOf(path: string): ProductField | null {
  const fields: readonly string[] = [
    'label',
    'brand',
    'model',
    'reference',
    'buyerReference',
    'ean',
    'tacCodes',
    'categoryId',
    'secondaryCategoryIds',
    'comment',
    ...MEASURES,
    ...PRICE_STATES.map((state) => `prices.${state}`),
    ...TRANSLATED.flatMap((locale) => [`translations.${locale}.label`, `translations.${locale}.comment`]),
  ];
  return fields.includes(path) ? (path as ProductField) : null;
}
