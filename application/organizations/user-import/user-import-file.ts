import { parse } from 'csv-parse';
import { ApplicationError } from '../../commands/errors.js';

/**
 * The users import's CSV file: its bounds, its columns, and its reading.
 * The cheap checks (size, encoding, header, row count) run on upload and
 * answer at once; the full parse runs in the import's job, a slice of the
 * file at a time, so a file of 5,000 rows never holds the event loop.
 */
export const USER_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const USER_IMPORT_MAX_ROWS = 5_000;

/** The template's columns, in its order. */
export const USER_IMPORT_COLUMNS = ['email', 'firstname', 'lastname', 'module', 'role', 'entity', 'status', 'locale'] as const;
export type UserImportColumn = (typeof USER_IMPORT_COLUMNS)[number];
/** The columns a file must have (module is the entity's, status active and locale the retailer's when left out). */
export const USER_IMPORT_REQUIRED_COLUMNS: readonly UserImportColumn[] = ['email', 'firstname', 'lastname', 'role', 'entity'];

/** The names a column may have, compared without case, accents, spaces, dashes and underscores (the template's in four languages). */
const COLUMN_NAMES: Record<UserImportColumn, readonly string[]> = {
  email: ['email', 'mail', 'courriel', 'adresseemail', 'emailadres', 'emailadresse'],
  firstname: ['firstname', 'prenom', 'voornaam', 'vorname', 'givenname'],
  lastname: ['lastname', 'nom', 'achternaam', 'nachname', 'familyname', 'surname'],
  module: ['module', 'modul'],
  role: ['role', 'usertype', 'rol', 'rolle'],
  entity: ['entity', 'entite', 'entiteit', 'einheit', 'organization', 'organisation', 'externalid', 'entityexternalid'],
  status: ['status', 'statut'],
  locale: ['locale', 'language', 'langue', 'taal', 'sprache'],
};

/** Characters parsed between two turns of the event loop. */
const SLICE_CHARS = 8 * 1024;

/** A data row of the file as read: its line, and its cells by column (absent column: empty). */
export interface UserImportRecord {
  /** The file's line the row ends on (the header is line 1). */
  line: number;
  cells: Record<UserImportColumn, string>;
}

const invalid = (reason: string, details: Record<string, unknown> = {}) => new ApplicationError('USER_IMPORT_FILE_INVALID', { reason, ...details });

/**
 * The file's text from its bytes: UTF-8 (its BOM dropped), else refused.
 * Too large: 413 USER_IMPORT_FILE_TOO_LARGE; nothing: 400 USER_IMPORT_FILE_MISSING.
 */
export function decodeImportFile(bytes: Buffer | null | undefined): string {
  if (!bytes || bytes.length === 0) throw new ApplicationError('USER_IMPORT_FILE_MISSING');
  if (bytes.length > USER_IMPORT_MAX_BYTES) throw new ApplicationError('USER_IMPORT_FILE_TOO_LARGE', { maxBytes: USER_IMPORT_MAX_BYTES });
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalid('encoding');
  }
  return text.replace(/^\uFEFF/, '');
}

/**
 * What can be refused without reading the file through: binary content, no
 * header, a header without the required columns, more rows than allowed
 * (counted by lines when no quote can make a row span several). Answers the
 * separator and the number of non-blank lines after the header.
 */
export function checkImportFile(text: string): { delimiter: string; rows: number } {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text)) throw invalid('binary');
  const { lines, header } = nonBlankLines(text);
  if (header === null) throw invalid('empty');
  const delimiter = separatorOf(header);
  if (!header.includes('"')) columnsOf(header.replace(/\r$/, '').split(delimiter));
  const rows = lines - 1;
  if (rows === 0) throw invalid('no_rows');
  if (!text.includes('"') && rows > USER_IMPORT_MAX_ROWS) throw new ApplicationError('USER_IMPORT_TOO_MANY_ROWS', { maxRows: USER_IMPORT_MAX_ROWS, rows });
  return { delimiter, rows };
}

/** Each header cell's column (null: a column the import ignores); refused when a required one is missing. */
export function columnsOf(header: readonly string[]): Array<UserImportColumn | null> {
  const columns = header.map((name) => {
    const key = comparable(name);
    return (USER_IMPORT_COLUMNS.find((column) => COLUMN_NAMES[column].includes(key)) ?? null) as UserImportColumn | null;
  });
  const missing = USER_IMPORT_REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) throw invalid('columns_missing', { missing, found: header.slice(0, 12).map((name) => name.slice(0, 40)) });
  return columns;
}

/** The file's data rows, parsed a slice at a time with `pause` between slices; a broken CSV is refused with its line. */
export async function readImportRecords(text: string, delimiter: string, pause: () => Promise<void>): Promise<UserImportRecord[]> {
  const records: UserImportRecord[] = [];
  let columns: Array<UserImportColumn | null> | null = null;
  let failure: unknown = null;
  const parser = parse({ delimiter, skip_empty_lines: true, trim: true, relax_column_count: true, info: true, bom: true });
  const ended = new Promise<void>((resolve) => {
    parser.once('end', resolve);
    parser.once('close', resolve);
  });
  parser.on('readable', () => {
    for (let row = parser.read() as { record: string[]; info: { lines: number } } | null; row !== null; row = parser.read() as typeof row) {
      if (failure) continue;
      try {
        if (columns === null) {
          columns = columnsOf(row.record);
          continue;
        }
        if (row.record.every((cell) => cell === '')) continue;
        if (records.length >= USER_IMPORT_MAX_ROWS) throw new ApplicationError('USER_IMPORT_TOO_MANY_ROWS', { maxRows: USER_IMPORT_MAX_ROWS });
        records.push({ line: row.info.lines, cells: cellsOf(columns, row.record) });
      } catch (error) {
        failure = error;
      }
    }
  });
  parser.on('error', (error: { lines?: number }) => {
    failure ??= invalid('csv', { line: error.lines ?? null });
  });
  for (let start = 0; start < text.length && !failure; ) {
    const newline = text.indexOf('\n', start + SLICE_CHARS);
    const end = newline < 0 ? text.length : newline + 1;
    parser.write(text.slice(start, end));
    start = end;
    await pause();
  }
  if (!failure) parser.end();
  else parser.destroy();
  await ended;
  if (failure) throw failure;
  if (records.length === 0) throw invalid('no_rows');
  return records;
}

function cellsOf(columns: ReadonlyArray<UserImportColumn | null>, record: readonly string[]): Record<UserImportColumn, string> {
  const cells = Object.fromEntries(USER_IMPORT_COLUMNS.map((column) => [column, ''])) as Record<UserImportColumn, string>;
  columns.forEach((column, index) => {
    // A cell is cut at 300 characters: the longest field allowed is 255, and the preview stays bounded.
    if (column !== null && cells[column] === '') cells[column] = (record[index] ?? '').slice(0, 300);
  });
  return cells;
}

/** Lower case, without accents, spaces, dashes, dots nor underscores. */
export function comparable(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s\-_.]/g, '');
}

function nonBlankLines(text: string): { lines: number; header: string | null } {
  let lines = 0;
  let header: string | null = null;
  for (let start = 0; start <= text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    for (let i = start; i < end; i++) {
      if (text.charCodeAt(i) > 32) {
        lines++;
        header ??= text.slice(start, end);
        break;
      }
    }
    if (newline < 0) break;
    start = newline + 1;
  }
  return { lines, header };
}

/** The separator of the header line: semicolon or comma, whichever it has more of. */
function separatorOf(header: string): string {
  return header.split(';').length >= header.split(',').length ? ';' : ',';
}
