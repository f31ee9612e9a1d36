import { stringify } from 'csv-stringify/sync';
import { PRODUCT_COLUMNS } from './product-line.js';

/**
 * The catalogue files' columns: what an export writes and (for products)
 * what an import reads, so an exported file edited in a spreadsheet imports
 * back. Amounts are integer cents, lists are separated by `|`, booleans are
 * `true`/`false`; UTF-8 with a BOM, semicolons, CRLF (what a French
 * spreadsheet opens as columns); a cell that would start a formula is
 * written with an apostrophe first (dropped again on import).
 */
export const EXPORT_KINDS = ['products', 'categories', 'diagnostic-questions'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** A category's columns: its own fields by name (a list joined with `|`), its absorption rule in three. */
export const CATEGORY_COLUMNS = [
  'id',
  'identifier',
  'label',
  'parentId',
  'description',
  'childrenDescription',
  'highlightedInstruction',
  'buyerId',
  'referentWarehouseIds',
  'circuitIds',
  'absorptionType',
  'absorptionValue',
  'absorptionMaxCents',
  'defaultWeightGrams',
  'status',
] as const;

/** One line per answer of a question (a question without answers: one line, its answer cells empty). */
export const QUESTION_COLUMNS = [
  'questionId',
  'categoryId',
  'position',
  'title',
  'type',
  'howToTest',
  'description',
  'answerId',
  'answerTitle',
  'answerDescription',
  'gradeCap',
  'priceImpact',
  'blocksEstimate',
] as const;

export const COLUMNS_OF: Record<ExportKind, readonly string[]> = {
  products: PRODUCT_COLUMNS,
  categories: CATEGORY_COLUMNS,
  'diagnostic-questions': QUESTION_COLUMNS,
};

/** A stored value as a cell: empty for none, a list joined with `|`, an object as JSON. */
export function cellOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'object' ? JSON.stringify(item) : String(item))).join('|');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A category's line, in CATEGORY_COLUMNS' order (a field the category does not have: empty). */
export function categoryLine(category: Record<string, unknown>): string[] {
  const absorption = (category.absorption ?? {}) as { type?: string; value?: number; maxAbsorbedAmountInCents?: number | null };
  const cells: Record<string, unknown> = {
    ...category,
    id: category._id,
    absorptionType: absorption.type,
    absorptionValue: absorption.value,
    absorptionMaxCents: absorption.maxAbsorbedAmountInCents,
  };
  return CATEGORY_COLUMNS.map((column) => cellOf(cells[column]));
}

/** A question's lines: one per answer (a question without answers: one line, its answer cells empty). */
export function questionLines(question: Record<string, unknown>): string[][] {
  const head = [question._id, question.categoryId, question.position, question.title, question.type, question.howToTest, question.description].map(cellOf);
  const answers = Array.isArray(question.answers) ? (question.answers as Array<Record<string, unknown>>) : [];
  if (answers.length === 0) return [[...head, '', '', '', '', '', '']];
  return answers.map((answer) => [...head, ...[answer.id, answer.title, answer.description, answer.gradeCap, answer.priceImpact, answer.blocksEstimate].map(cellOf)]);
}

/** A cell a spreadsheet would read as a formula (= + - @, or a tab or CR first) starts with an apostrophe instead. */
export function neutralised(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The cell as written before it was neutralised. */
export function unneutralised(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/** Lines as CSV text (the first chunk of a file starts with the BOM). */
export function csvText(lines: readonly string[][], bom: boolean): string {
  return stringify(
    lines.map((line) => line.map(neutralised)),
    { delimiter: ';', record_delimiter: 'windows', bom },
  );
}
