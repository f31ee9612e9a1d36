/**
 * A list, declared once: its filters and sorts give the routes of its page
 * (`GET /<things>`: the specification's list convention) and of its CSV
 * export (`GET /<things>/export`: every matching row, streamed), with the
 * same query schema, the same order and the caller's visibility (the
 * handlers' query applies it).
 *
 * Every list follows the rule of docs/security.md: a row that names a
 * customer shows the IBAN masked (country code and last four characters) and
 * no identity number (the buyback page presents its rows with
 * `presentBuyback(…, { sensitive: false })`), and an export has no column for
 * either.
 */
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import { stringify } from 'csv-stringify/sync';
import type { Permission } from '../../application/organizations/permissions.js';
import { orderOf, UNPAGED_LIMIT, type PageRequest, type SortColumns } from '../../application/lists/paged-query.js';
import type { SortSpec } from '../../application/ports/document-store.js';
import type { MoneyView } from '../../application/views/schema.js';
import type { Locale } from '../../domain/organizations/events.js';
import { HttpError } from './errors.js';
import { defineRoute, type Route, type RouteContext } from './route.js';
import { listQuery, orderParameter, Type } from './routes/schemas.js';

/** Rows of an export handed to the CSV writer at once (one chunk of the answer). */
const CSV_CHUNK_ROWS = 500;

/** A filter's or sort's query, as the handlers receive it: the filters as validated, paging, and the order in document paths. */
export type ListQuery<F extends Record<string, TSchema>> = Static<TObject<F>> & PageRequest;
export type ExportQuery<F extends Record<string, TSchema>> = Static<TObject<F>> & { order: SortSpec };

type Authenticated = { kind: 'authenticated'; permission: Permission };
type ListContext = RouteContext<undefined, TSchema, undefined, Authenticated>;

export interface ListPageRoute<F extends Record<string, TSchema>> {
  operationId: string;
  summary: string;
  permission: Permission;
  /** The page's schema (`ListPage(View, 'ThingPage')`). */
  schema: TSchema;
  handler(context: ListContext, query: ListQuery<F>): Promise<unknown>;
}

export interface ListExportRoute<F extends Record<string, TSchema>> {
  operationId: string;
  summary: string;
  permission: Permission;
  /** The download's name, `<name>.csv`. */
  filename: string;
  /** The header line (translated) and every row, in the list's order, as they should read (see CsvFormat). */
  handler(context: ListContext, query: ExportQuery<F>, format: CsvFormat): Promise<{ header: string[]; rows: AsyncIterable<string[]> }>;
}

export interface ListDefinition<F extends Record<string, TSchema>> {
  /** `/buybacks`: the page's path; the export's is `<path>/export`. */
  path: string;
  tag: string;
  /** Sortable columns, public name → document path (application/lists). */
  sorts: SortColumns;
  /** The filters, by query parameter (arrays are sent as `name[]=value`). Every string bounded, every array too. */
  filters: F;
  /** Lists and exports carry customer data: never cached. */
  personalData?: boolean;
  page: ListPageRoute<F>;
  export?: ListExportRoute<F>;
}

/** `timeZone=Europe/Paris`: the IANA time zone an export writes its dates in (UTC by default). */
const TimeZoneParameter = Type.Optional(
  Type.String({
    maxLength: 64,
    pattern: '^[A-Za-z][A-Za-z0-9_+\\-]*(/[A-Za-z0-9_+\\-]+){0,2}$',
    description: 'IANA time zone the dates are written in (default UTC), e.g. Europe/Paris.',
  }),
);

/** The routes of a list: its page and, when it has one, its export. */
export function listRoutes<F extends Record<string, TSchema>>(definition: ListDefinition<F>): Route[] {
  const sortNames = Object.keys(definition.sorts);
  const pageQuery = listQuery(sortNames, {
    ...definition.filters,
    pagination: Type.Optional(
      Type.Boolean({
        default: true,
        description: `false: every row in one answer, at most ${UNPAGED_LIMIT} (400 LIST_TOO_LONG past it; the export streams every row).`,
      }),
    ),
  });
  const routes: Route[] = [
    defineRoute({
      method: 'get',
      path: definition.path,
      operationId: definition.page.operationId,
      summary: definition.page.summary,
      tag: definition.tag,
      access: { kind: 'authenticated', permission: definition.page.permission },
      query: pageQuery,
      personalData: definition.personalData,
      response: { status: 200, description: 'One page', schema: definition.page.schema },
      async handler(context) {
        const { order, ...rest } = context.query as Record<string, unknown> & { order?: Partial<Record<string, 'asc' | 'desc'>> };
        const query = { ...rest, order: orderOf(order, definition.sorts) } as ListQuery<F>;
        return { body: await definition.page.handler(context as unknown as ListContext, query) };
      },
    }),
  ];
  const exporting = definition.export;
  if (exporting) {
    const exportQuery = Type.Object(
      { order: orderParameter(sortNames), ...definition.filters, timeZone: TimeZoneParameter },
      { additionalProperties: false },
    );
    routes.push(
      defineRoute({
        method: 'get',
        path: `${definition.path}/export`,
        operationId: exporting.operationId,
        summary: exporting.summary,
        tag: definition.tag,
        access: { kind: 'authenticated', permission: exporting.permission },
        query: exportQuery,
        personalData: definition.personalData,
        response: { status: 200, description: 'CSV: UTF-8 with BOM, semicolon-separated, CRLF; every matching row, streamed', contentType: 'text/csv' },
        async handler(context) {
          const { order, timeZone, ...filters } = context.query as Record<string, unknown> & {
            order?: Partial<Record<string, 'asc' | 'desc'>>;
            timeZone?: string;
          };
          const format = csvFormat(context.locale, checkedTimeZone(timeZone));
          const query = { ...filters, order: orderOf(order, definition.sorts) } as ExportQuery<F>;
          const { header, rows } = await exporting.handler(context as unknown as ListContext, query, format);
          return {
            headers: { 'Content-Disposition': `attachment; filename="${exporting.filename}.csv"` },
            raw: { contentType: 'text/csv; charset=utf-8', data: csvChunks(header, rows) },
          };
        },
      }),
    );
  }
  return routes;
}

/** A time zone the platform's ICU knows, or 400 QUERY_PARAMETER_INVALID. */
function checkedTimeZone(timeZone: string | undefined): string {
  if (timeZone === undefined) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone }).resolvedOptions().timeZone;
  } catch {
    throw new HttpError('QUERY_PARAMETER_INVALID', { parameter: 'timeZone' });
  }
}

/** How an export writes values: as the dashboard shows them, in the caller's language and time zone. */
export interface CsvFormat {
  locale: Locale;
  timeZone: string;
  /** `25/03/2026 14:05` (fr-FR), the screen's short date and time; empty for none. */
  dateTime(iso: string | null | undefined): string;
  /** `129,00 €` (fr-FR), the screen's amount; empty for none. */
  money(money: MoneyView | null | undefined): string;
}

export function csvFormat(locale: Locale, timeZone: string): CsvFormat {
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone });
  const currencies = new Map<string, Intl.NumberFormat>();
  const currency = (code: string) => {
    let format = currencies.get(code);
    if (!format) currencies.set(code, (format = new Intl.NumberFormat(locale, { style: 'currency', currency: code })));
    return format;
  };
  return {
    locale,
    timeZone,
    dateTime: (iso) => (iso ? dates.format(new Date(iso)) : ''),
    money: (money) => (money ? currency(money.currency).format(money.amountInCents / 100) : ''),
  };
}

/**
 * The CSV as it is written: the BOM and the header line, then the rows as
 * they come, CSV_CHUNK_ROWS per chunk, semicolon-separated with CRLF (what
 * spreadsheet software in French opens as columns), cells that would start a
 * formula neutralised.
 */
export async function* csvChunks(header: string[], rows: AsyncIterable<string[]>): AsyncGenerator<string, void, undefined> {
  const write = (records: string[][], bom: boolean) =>
    stringify(records.map((record) => record.map(neutralised)), { delimiter: ';', record_delimiter: 'windows', bom });
  let chunk: string[][] = [header];
  let first = true;
  for await (const row of rows) {
    chunk.push(row);
    if (chunk.length >= CSV_CHUNK_ROWS) {
      yield write(chunk, first);
      first = false;
      chunk = [];
    }
  }
  if (chunk.length > 0 || first) yield write(chunk, first);
}

/** A cell a spreadsheet would read as a formula (= + - @, or a tab or CR first) starts with an apostrophe instead. */
export function neutralised(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Each row of a list's export as the CSV writer takes it, mapped as it is read. */
export async function* mapRows<T, R>(source: AsyncIterable<T>, map: (item: T) => R): AsyncGenerator<R, void, undefined> {
  for await (const item of source) yield map(item);
}
