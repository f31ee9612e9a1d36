import { parse } from 'csv-parse';
import { ApplicationError } from '../../commands/errors.js';
import { unneutralised } from './transfer-columns.js';
import { PRODUCT_COLUMNS, PRODUCT_REQUIRED_COLUMNS } from './product-line.js';

/**
 * A products import's CSV file: its bounds, its header, and its reading a
 * slice at a time (the event loop given back between slices), never whole
 * in memory as rows. Read twice: once as it is uploaded, to refuse a broken
 * file before anything changes (422), once by the job that applies it.
 */
export const CATALOG_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const CATALOG_IMPORT_MAX_ROWS = 50_000;
const SLICE_CHARS = 16 * 1024;

const invalid = (reason: string, details: Record<string, unknown> = {}) => new ApplicationError('CATALOG_IMPORT_FILE_INVALID', { reason, ...details });

/** UTF-8 text (its BOM dropped); none: 400 CATALOG_IMPORT_FILE_MISSING; too large: 413; not UTF-8: 422. */
export function decodeImportFile(bytes: Buffer | null | undefined): string {
  if (!bytes || bytes.length === 0) throw new ApplicationError('CATALOG_IMPORT_FILE_MISSING');
  if (bytes.length > CATALOG_IMPORT_MAX_BYTES) throw new ApplicationError('CATALOG_IMPORT_FILE_TOO_LARGE', { maxBytes: CATALOG_IMPORT_MAX_BYTES });
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw invalid('encoding');
  }
}

/** The header's separator (semicolon or comma, whichever it has more of), refusing binary content and an empty file. */
export function separatorOf(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text)) throw invalid('binary');
  const header = /^[^\n]*/.exec(text.replace(/^\s+/, ''))?.[0] ?? '';
  if (header.trim() === '') throw invalid('empty');
  return header.split(';').length >= header.split(',').length ? ';' : ',';
}

/** Each header cell's column (null: a column the import does not read, e.g. a reader's note); refused without label, brand and model. */
export function columnsOf(header: readonly string[]): Array<string | null> {
  const known = new Map(PRODUCT_COLUMNS.map((column) => [column.toLowerCase(), column]));
  const seen = new Set<string>();
  const columns = header.map((cell) => {
    const column = known.get(cell.trim().toLowerCase()) ?? null;
    if (column === null || seen.has(column)) return null;
    seen.add(column);
    return column;
  });
  const missing = PRODUCT_REQUIRED_COLUMNS.filter((column) => !seen.has(column));
  if (missing.length > 0) throw invalid('columns_missing', { missing: missing.join(', ') });
  return columns;
}

/** A data line as read: the file's line it ends on (the header is line 1), its cells by column. */
export interface FileLine {
  line: number;
  cells: Map<string, string>;
}

/**
 * Reads the file's data lines in order, `onLines` receiving each slice's
 * lines (awaited before the next slice: what is applied is never more than
 * a slice ahead of what is read); `pause` between slices. A broken CSV is
 * refused with its line (422 CATALOG_IMPORT_FILE_INVALID), more than
 * CATALOG_IMPORT_MAX_ROWS lines 422 CATALOG_IMPORT_TOO_MANY_ROWS, none 422.
 * Answers the number of data lines.
 */
export async function readFileLines(text: string, pause: () => Promise<void>, onLines: (lines: FileLine[]) => Promise<void>): Promise<number> {
  const delimiter = separatorOf(text);
  let columns: Array<string | null> | null = null;
  let failure: unknown = null;
  let count = 0;
  let ready: FileLine[] = [];
  const parser = parse({ delimiter, skip_empty_lines: true, relax_column_count: true, info: true, bom: true });
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
        if (row.record.every((cell) => cell.trim() === '')) continue;
        if (++count > CATALOG_IMPORT_MAX_ROWS) throw new ApplicationError('CATALOG_IMPORT_TOO_MANY_ROWS', { maxRows: CATALOG_IMPORT_MAX_ROWS });
        const cells = new Map<string, string>();
        columns.forEach((column, index) => {
          // A cell is cut at 2,100 characters: the longest field (an image's address) is 2,048.
          if (column !== null) cells.set(column, unneutralised((row.record[index] ?? '').slice(0, 2_100)));
        });
        ready.push({ line: row.info.lines, cells });
      } catch (error) {
        failure = error;
      }
    }
  });
  parser.on('error', (error: { lines?: number }) => {
    failure ??= invalid('csv', { line: error.lines ?? 0 });
  });
  const handOver = async () => {
    if (failure || ready.length === 0) return;
    const lines = ready;
    ready = [];
    await onLines(lines);
  };
  for (let start = 0; start < text.length && !failure; ) {
    const newline = text.indexOf('\n', start + SLICE_CHARS);
    const end = newline < 0 ? text.length : newline + 1;
    parser.write(text.slice(start, end));
    start = end;
    await pause();
    await handOver();
  }
  if (!failure) parser.end();
  else parser.destroy();
  await ended;
  await handOver();
  if (failure) throw failure;
  if (columns === null) throw invalid('empty');
  if (count === 0) throw invalid('no_rows');
  return count;
}
