import { parse } from 'csv-parse';
import { parse as parseWhole } from 'csv-parse/sync';
import { DomainError } from '../../../domain/shared/domain-error.js';
import { parseItemCode } from '../../../domain/warehouse/item-code.js';
import { ApplicationError } from '../../commands/errors.js';

/** The largest list a verification reads: rows of codes, and bytes of the file. */
export const VERIFICATION_MAX_ROWS = 10_000;
export const VERIFICATION_MAX_BYTES = 512 * 1024;
/** The column of the codes, whatever its case; the first column when the file has a single one. */
const CODE_COLUMNS = ['code', 'codes', 'identificationnumber', 'identification_number', 'buyback', 'item'];
/** Characters parsed between two turns of the event loop (about 150 rows of codes: a millisecond or two). */
const SLICE_CHARS = 2048;

interface ParsedRecord {
  record: string[];
  /** `lines`: the file's line the record ends on (blank lines counted). */
  info: { lines: number };
}

const tooLarge = () => new ApplicationError('VERIFICATION_FILE_TOO_LARGE', { maxBytes: VERIFICATION_MAX_BYTES, maxRows: VERIFICATION_MAX_ROWS });

/**
 * What can be refused without reading the file through: too many bytes,
 * binary content, no column of codes, too many rows (counted by lines when
 * no quote can make a row span several). Answers the number of rows after
 * the header, as lines count them (an upper bound of the codes).
 */
export function checkFile(content: string): number {
  if (Buffer.byteLength(content, 'utf8') > VERIFICATION_MAX_BYTES) throw tooLarge();
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000e-\u001f]/.test(content)) throw new ApplicationError('VERIFICATION_FILE_NOT_CSV');
  const text = withoutBom(content);
  const { lines, header } = nonBlankLines(text);
  if (header === null) throw new ApplicationError('VERIFICATION_FILE_EMPTY');
  const rows = lines - 1;
  if (!text.includes('"')) {
    columnOf(header.replace(/\r$/, '').split(separatorOf(text)).map((name) => name.trim()));
    if (rows > VERIFICATION_MAX_ROWS) throw tooLarge();
  }
  return rows;
}

/** The codes of the file, one per row, trimmed, each once; refused whole when it is not a CSV of codes. In one go: for small files. */
export function readCodes(content: string): string[] {
  checkFile(content);
  const text = withoutBom(content);
  let rows: ParsedRecord[];
  try {
    // One separator per file, the header line's (a French list writes 425,00 in a semicolon-separated file).
    rows = parseWhole(text, { ...parserOptions(text), info: true }) as unknown as ParsedRecord[];
  } catch {
    throw new ApplicationError('VERIFICATION_FILE_NOT_CSV');
  }
  const codes = new CodeCollector();
  for (const row of rows) codes.add(row);
  return codes.finish();
}

/**
 * The same reading, a slice of the file at a time with `pause` between
 * slices, so a file of 10,000 rows never holds the event loop for more than
 * a few milliseconds at once.
 */
export async function readCodesInSlices(content: string, pause: () => Promise<void>): Promise<string[]> {
  checkFile(content);
  const text = withoutBom(content);
  const codes = new CodeCollector();
  const parser = parse({ ...parserOptions(text), info: true });
  let failure: unknown = null;
  const ended = new Promise<void>((resolve) => {
    parser.once('end', resolve);
    parser.once('close', resolve);
  });
  parser.on('readable', () => {
    for (let row = parser.read() as ParsedRecord | null; row !== null; row = parser.read() as ParsedRecord | null) {
      if (failure) continue;
      try {
        codes.add(row);
      } catch (error) {
        failure = error;
      }
    }
  });
  parser.on('error', () => {
    failure ??= new ApplicationError('VERIFICATION_FILE_NOT_CSV');
  });
  // Each slice ends at a line's end: a character is never cut in two.
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
  return codes.finish();
}

/** Takes the rows one by one: the header names the column, each row gives at most one code, checked. */
class CodeCollector {
  private column = -1;
  private rows = 0;
  private readonly seen = new Set<string>();
  private readonly codes: string[] = [];

  add({ record, info }: ParsedRecord): void {
    if (this.column < 0) {
      this.column = columnOf(record);
      return;
    }
    if (++this.rows > VERIFICATION_MAX_ROWS) throw tooLarge();
    const value = (record[this.column] ?? '').replace(/\s+/g, '');
    if (value === '') return;
    try {
      parseItemCode(value);
    } catch (error) {
      if (error instanceof DomainError) throw new ApplicationError('VERIFICATION_CODE_INVALID', { line: info.lines, value: value.slice(0, 40), reason: error.code });
      throw error;
    }
    if (this.seen.has(value)) return;
    this.seen.add(value);
    this.codes.push(value);
  }

  finish(): string[] {
    if (this.codes.length === 0) throw new ApplicationError('VERIFICATION_FILE_EMPTY');
    return this.codes;
  }
}

function columnOf(header: string[]): number {
  const names = header.map((name) => name.toLowerCase().replace(/[\s-]/g, ''));
  const column = names.length === 1 && CODE_COLUMNS.includes(names[0] as string) ? 0 : names.findIndex((name) => CODE_COLUMNS.includes(name));
  if (column < 0) throw new ApplicationError('VERIFICATION_FILE_COLUMNS', { expected: 'code', found: header.slice(0, 10).map((name) => name.slice(0, 40)) });
  return column;
}

/** The lines holding more than blanks (the parser trims and skips the others), and the first of them; without copying the text. */
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

const withoutBom = (content: string) => content.replace(/^\uFEFF/, '');

function parserOptions(text: string) {
  return { delimiter: separatorOf(text), skip_empty_lines: true, trim: true, relax_column_count: true };
}

/** The separator of the file's first line: the most frequent of semicolon, comma and tab (a single column: any). */
function separatorOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const counts = [';', ',', '\t'].map((separator) => [separator, header.split(separator).length - 1] as const);
  return counts.reduce((best, candidate) => (candidate[1] > best[1] ? candidate : best))[0];
}
