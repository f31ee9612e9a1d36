import { PRODUCT_STATES, type ProductState } from '../../../domain/catalog/estimate.js';
import { CURRENCIES, type Currency } from '../../../domain/shared/money.js';
import { TRANSLATED_LOCALES } from '../../../domain/shared/translations.js';

/**
 * A product's line in a catalogue file: its columns, how a product is
 * written in them, and how a line is read back (each cell's text to the
 * field's value). The values' own rules (lengths, the EAN's check digit,
 * price bounds) are the product's (domain/catalog/product/validate.ts): a
 * line breaking them is refused by the creation or the change, whole.
 */
type Kind = 'text' | 'optionalText' | 'list' | 'boolean' | 'number' | 'uuid';

/** The product's fields a file carries, each with how its cell is read. */
export const PRODUCT_FIELD_KINDS = {
  label: 'text',
  brand: 'text',
  model: 'text',
  reference: 'optionalText',
  buyerReference: 'optionalText',
  ean: 'optionalText',
  tacCodes: 'list',
  categoryId: 'uuid',
  secondaryCategoryIds: 'list',
  comment: 'optionalText',
  simple: 'boolean',
  isCollectingImei: 'boolean',
  buybackZeroNotAllowed: 'boolean',
  heightCm: 'number',
  lengthCm: 'number',
  widthCm: 'number',
  weightGrams: 'number',
  nominalHeightCm: 'number',
  nominalLengthCm: 'number',
  nominalWidthCm: 'number',
  nominalWeightGrams: 'number',
  imageUrl: 'optionalText',
  imageHdUrl: 'optionalText',
} as const satisfies Record<string, Kind>;
export type ProductFieldName = keyof typeof PRODUCT_FIELD_KINDS;
const FIELD_NAMES = Object.keys(PRODUCT_FIELD_KINDS) as ProductFieldName[];

/** The texts translated in a file: one column per field and language (`label.en-GB`). */
const TRANSLATED_FIELDS = ['label', 'comment'] as const;
const translationColumn = (field: string, locale: string) => `${field}.${locale}`;
const TRANSLATION_COLUMNS = TRANSLATED_FIELDS.flatMap((field) => TRANSLATED_LOCALES.map((locale) => translationColumn(field, locale)));

export const priceColumn = (state: ProductState) => `price_${state}_cents`;
const PRICE_COLUMNS = PRODUCT_STATES.map(priceColumn);

/** The products file's columns, in order: the id, the category's identifier (read when the id is empty), every field, status, currency, prices, translations. */
export const PRODUCT_COLUMNS: readonly string[] = ['id', ...FIELD_NAMES.slice(0, 8), 'categoryIdentifier', ...FIELD_NAMES.slice(8), 'status', 'currency', ...PRICE_COLUMNS, ...TRANSLATION_COLUMNS];
/** An import needs these columns (a product cannot be created without them); any other column missing is left as it is. */
export const PRODUCT_REQUIRED_COLUMNS = ['label', 'brand', 'model'] as const;

export type ProductValues = Record<ProductFieldName, unknown> & { translations: unknown };
/** What a line says of a product: only its columns' fields. */
export interface ProductLine {
  id: string | null;
  categoryIdentifier: string | null;
  fields: Partial<ProductValues>;
  status?: 'draft' | 'published';
  currency?: Currency;
  prices: Partial<Record<ProductState, number | null>>;
}

/** Why a line was ignored: a problem of its own (lower case) or a refusal's error code. */
export interface LineProblem {
  code: string;
  field: string | null;
  params: Record<string, string | number>;
}

type Stored = Record<string, unknown>;

const cellOf = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join('|');
  return String(value);
};

/** A product as a line of the file, in PRODUCT_COLUMNS' order. */
export function productLine(product: Stored, identifiers: ReadonlyMap<string, string>): string[] {
  const translations = (product.translations ?? {}) as Record<string, Record<string, string> | undefined>;
  const prices = (product.prices ?? {}) as Record<string, number | null | undefined>;
  const cells: Record<string, string> = {
    id: String(product._id),
    categoryIdentifier: identifiers.get(String(product.categoryId)) ?? '',
    status: cellOf(product.status),
    currency: cellOf(product.currency),
  };
  for (const field of FIELD_NAMES) cells[field] = cellOf(product[field]);
  for (const state of PRODUCT_STATES) cells[priceColumn(state)] = cellOf(prices[state]);
  for (const field of TRANSLATED_FIELDS) for (const locale of TRANSLATED_LOCALES) cells[translationColumn(field, locale)] = translations[locale]?.[field] ?? '';
  return PRODUCT_COLUMNS.map((column) => cells[column] ?? '');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TRUE = new Set(['true', '1', 'yes', 'oui', 'ja', 'vrai', 'x']);
const FALSE = new Set(['false', '0', 'no', 'non', 'nee', 'nein', 'faux', '']);

/** A line's cells (by column, only the file's columns) as what it says of a product, or its problems. */
export function readProductLine(cells: ReadonlyMap<string, string>): { line: ProductLine; problems: LineProblem[] } {
  const problems: LineProblem[] = [];
  const problem = (code: string, field: string, params: Record<string, string | number> = {}) => problems.push({ code, field, params });
  const id = cells.get('id') ?? '';
  if (id !== '' && !UUID.test(id)) problem('id_invalid', 'id');
  const line: ProductLine = { id: id === '' ? null : id.toLowerCase(), categoryIdentifier: cells.get('categoryIdentifier') || null, fields: {}, prices: {} };
  for (const field of FIELD_NAMES) {
    const cell = cells.get(field);
    if (cell === undefined) continue;
    const value = readCell(PRODUCT_FIELD_KINDS[field], cell);
    if (value === INVALID) problem(`${PRODUCT_FIELD_KINDS[field]}_invalid`, field);
    else line.fields[field] = value;
  }
  // An empty category id with an identifier: the identifier names it.
  if (line.fields.categoryId === null) delete line.fields.categoryId;
  const status = cells.get('status');
  if (status !== undefined && status !== '') {
    if (status === 'draft' || status === 'published') line.status = status;
    else problem('status_invalid', 'status');
  }
  const currency = cells.get('currency');
  if (currency !== undefined && currency !== '') {
    if ((CURRENCIES as readonly string[]).includes(currency.toUpperCase())) line.currency = currency.toUpperCase() as Currency;
    else problem('currency_invalid', 'currency');
  }
  for (const state of PRODUCT_STATES) {
    const cell = cells.get(priceColumn(state));
    if (cell === undefined) continue;
    const value = readCell('number', cell);
    if (value === INVALID || (typeof value === 'number' && !Number.isInteger(value))) problem('price_invalid', priceColumn(state));
    else line.prices[state] = value as number | null;
  }
  const translations = readTranslations(cells);
  if (translations !== undefined) line.fields.translations = translations;
  return { line, problems };
}

const INVALID = Symbol('invalid');

function readCell(kind: Kind, cell: string): unknown {
  const value = cell.trim();
  switch (kind) {
    case 'text':
      return value;
    case 'optionalText':
      return value === '' ? null : value;
    case 'list':
      return value === '' ? [] : value.split('|').map((item) => item.trim()).filter((item) => item !== '');
    case 'boolean':
      if (TRUE.has(value.toLowerCase())) return true;
      return FALSE.has(value.toLowerCase()) ? false : INVALID;
    case 'number': {
      if (value === '') return null;
      const number = Number(value.replace(',', '.'));
      return Number.isFinite(number) ? number : INVALID;
    }
    case 'uuid':
      if (value === '') return null;
      return UUID.test(value) ? value.toLowerCase() : INVALID;
  }
}

/** The translation columns the file has, as the product's translations (undefined: the file has none). */
function readTranslations(cells: ReadonlyMap<string, string>): Record<string, Record<string, string>> | null | undefined {
  if (!TRANSLATION_COLUMNS.some((column) => cells.has(column))) return undefined;
  const out: Record<string, Record<string, string>> = {};
  for (const locale of TRANSLATED_LOCALES) {
    for (const field of TRANSLATED_FIELDS) {
      const value = cells.get(translationColumn(field, locale))?.trim() ?? '';
      if (value !== '') (out[locale] ??= {})[field] = value;
    }
  }
  return Object.keys(out).length === 0 ? null : out;
}

/** JSON with object keys sorted: two values equal whatever their keys' order. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item) ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : item,
  );
}

/** What the line would change on the stored product: only the fields, prices and status that differ. */
export function differences(line: ProductLine, stored: Stored): { fields: Partial<ProductValues>; prices: Partial<Record<ProductState, number | null>>; status?: 'draft' | 'published' } {
  const fields: Partial<ProductValues> = {};
  for (const [field, value] of Object.entries(line.fields) as Array<[keyof ProductValues, unknown]>) {
    const current = stored[field] ?? (PRODUCT_FIELD_KINDS[field as ProductFieldName] === 'list' ? [] : null);
    if (canonical(value) !== canonical(current)) fields[field] = value;
  }
  const storedPrices = (stored.prices ?? {}) as Record<string, number | null | undefined>;
  const prices: Partial<Record<ProductState, number | null>> = {};
  for (const [state, price] of Object.entries(line.prices) as Array<[ProductState, number | null]>) if ((storedPrices[state] ?? null) !== price) prices[state] = price;
  return { fields, prices, ...(line.status !== undefined && line.status !== stored.status ? { status: line.status } : {}) };
}

/** A product created from a line: its columns, the others at their defaults (a draft in euros, nothing priced). */
export function createdValues(line: ProductLine): { fields: ProductValues; prices: Record<ProductState, number | null>; status: 'draft' | 'published'; currency: Currency } {
  const defaults: Record<Kind, unknown> = { text: '', optionalText: null, list: [], boolean: false, number: null, uuid: null };
  const fields = Object.fromEntries(FIELD_NAMES.map((field) => [field, line.fields[field] ?? defaults[PRODUCT_FIELD_KINDS[field]]])) as ProductValues;
  fields.translations = line.fields.translations ?? null;
  const prices = Object.fromEntries(PRODUCT_STATES.map((state) => [state, line.prices[state] ?? null])) as Record<ProductState, number | null>;
  return { fields, prices, status: line.status ?? 'draft', currency: line.currency ?? 'EUR' };
}
