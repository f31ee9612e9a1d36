import type { Texts } from '../../../../application/ports/texts.js';
import type { Locale } from '../../../../domain/organizations/events.js';
import { exportFile, exportToken, startExport, visibleExport } from '../../../../application/catalog/transfer/catalog-exports.js';
import { ignoredLinesPage, importsPage, startImport, visibleImport } from '../../../../application/catalog/transfer/catalog-imports.js';
import { CATALOG_IMPORT_MAX_BYTES, CATALOG_IMPORT_MAX_ROWS } from '../../../../application/catalog/transfer/import-file.js';
import { EXPORT_KINDS, type ExportKind } from '../../../../application/catalog/transfer/transfer-columns.js';
import type { TransferDeps } from '../../../../application/catalog/transfer/transfer-document.js';
import { CatalogExportView, CatalogImportPage, CatalogImportView, presentExport, presentImport, presentImportSummary } from '../../../../application/catalog/transfer/transfer-views.js';
import { commandContext } from '../../command-route.js';
import { listRoutes } from '../../list-route.js';
import { defineRoute, type Route } from '../../route.js';
import { Text, Type, idParams } from '../schemas.js';
import { uploadedFile } from '../organizations/uploaded-file.js';

const tag = 'catalogue import and export';
const MAX_LINES_PAGE = 200;

const NAMES: Record<ExportKind, { operation: string; what: string }> = {
  products: { operation: 'Products', what: 'products (one line each: every field, the category’s identifier, status, currency, prices in cents per state, translations)' },
  categories: { operation: 'Categories', what: 'categories (one line each: identifier, label, parent, buyer, circuits, absorption rule, default weight)' },
  'diagnostic-questions': { operation: 'DiagnosticQuestions', what: 'diagnostic questions (one line per answer: the question, its category and position, the answer’s grade cap and price impact)' },
};

const EXAMPLE_FILE = [
  'id;label;brand;model;ean;categoryIdentifier;status;currency;price_functional_cents;price_grade_a_cents',
  ';iPhone 13 128 Go;Apple;iPhone 13;0194252707180;smartphones;published;EUR;;32000',
].join('\r\n');

/** A line problem's text (`catalogTransfer.lineErrors.<code>`), or an error code's (`errors.<CODE>`). */
export const transferTranslator = (texts: Texts, locale: Locale) => (code: string, params: Record<string, unknown>) =>
  texts.text(locale, /^[a-z_]+$/.test(code) ? `catalogTransfer.lineErrors.${code}` : `errors.${code}`, params);

function exportRoutes(deps: TransferDeps, texts: Texts, kind: ExportKind): Route[] {
  const { operation, what } = NAMES[kind];
  const base = `/${kind}/exports`;
  const linkOf = (job: Parameters<typeof exportToken>[1]) => {
    if (job.status !== 'done') return null;
    const { token, expiresAt } = exportToken(deps.linkSecrets, job, deps.clock.now());
    return { url: `/api${base}/${job._id}/file?token=${token}`, expiresAt };
  };
  return [
    defineRoute({
      method: 'post',
      path: base,
      operationId: `export${operation}`,
      summary: `Starts an export of the tenant’s ${what} as a CSV file (UTF-8 with a BOM, semicolons, CRLF), read from the catalogue a batch at a time: 202 with the export, to poll until done (its download link) or failed`,
      tag,
      access: { kind: 'authenticated', permission: 'catalog.export' },
      response: { status: 202, description: 'The export, queued (Location: the export)', schema: CatalogExportView },
      async handler({ principal, locale }) {
        const job = await startExport(deps, principal, kind);
        return { status: 202, headers: { Location: `/api${base}/${job._id}` }, body: presentExport(kind, job, null, transferTranslator(texts, locale)) };
      },
    }),
    defineRoute({
      method: 'get',
      path: `${base}/{id}`,
      operationId: `get${operation}Export`,
      summary: `An export of ${kind} as it stands: status, entries written and the total, and once done the file’s name and a signed download link valid an hour. Only its tenant sees it (another’s: 404 CATALOG_EXPORT_NOT_FOUND)`,
      tag,
      access: { kind: 'authenticated', permission: 'catalog.export' },
      params: idParams('id'),
      response: { status: 200, description: 'The export', schema: CatalogExportView },
      async handler({ principal, params, locale }) {
        const job = await visibleExport(deps, principal, kind, params.id);
        return { body: presentExport(kind, job, linkOf(job), transferTranslator(texts, locale)) };
      },
    }),
    defineRoute({
      method: 'get',
      path: `${base}/{id}/file`,
      operationId: `download${operation}Export`,
      summary: `The file of a done export of ${kind}, streamed, through the signed link its export gives (\`downloadUrl\`): a link altered or of another export 404 CATALOG_EXPORT_LINK_INVALID, past its hour 410 CATALOG_EXPORT_LINK_EXPIRED`,
      tag,
      access: { kind: 'public' },
      params: idParams('id'),
      query: Type.Object({ token: Type.Optional(Text(64, 1, { description: 'The link’s signature, as `downloadUrl` gives it.' })) }, { additionalProperties: false }),
      response: { status: 200, description: 'CSV: UTF-8 with BOM, semicolon-separated, CRLF', contentType: 'text/csv' },
      async handler({ params, query }) {
        const { fileName, data } = await exportFile(deps, params.id, query.token);
        return { headers: { 'Content-Disposition': `attachment; filename="${fileName}"`, 'Cache-Control': 'no-store' }, raw: { contentType: 'text/csv; charset=utf-8', data } };
      },
    }),
  ];
}

function importRoutes(deps: TransferDeps, texts: Texts): Route[] {
  return [
    defineRoute({
      method: 'post',
      path: '/products/imports',
      operationId: 'importProducts',
      summary: `Uploads a products CSV file with the export’s columns (the body itself as text/csv, its name in ?fileName=, or the \`file\` field of a multipart form): UTF-8, separated by ; or ,, at most ${CATALOG_IMPORT_MAX_ROWS} lines and ${CATALOG_IMPORT_MAX_BYTES} bytes, with at least the columns label, brand and model (a column left out is left as it is). Read through at once: no file 400 CATALOG_IMPORT_FILE_MISSING, too large 413 CATALOG_IMPORT_FILE_TOO_LARGE, not UTF-8, binary, without those columns or a broken CSV 422 CATALOG_IMPORT_FILE_INVALID (its line), too many lines 422 CATALOG_IMPORT_TOO_MANY_ROWS; nothing changes then. Else 202 and a job applies each line whole or not at all: a line with an id changes that product, without one it names its product by its EAN, else by its brand, model and label, and creates it when missing; a product that already reads as its line is left unchanged, so the same file imported twice changes nothing the second time; a refused line is ignored with its reasons`,
      tag,
      access: { kind: 'authenticated', permission: 'catalog.import' },
      query: Type.Object({ fileName: Type.Optional(Text(255, 1)) }, { additionalProperties: false }),
      upload: {
        contentTypes: ['text/csv', 'text/plain', 'multipart/form-data'],
        maxBytes: CATALOG_IMPORT_MAX_BYTES,
        description: 'The products CSV file (an export of POST /products/exports, edited).',
        example: EXAMPLE_FILE,
      },
      response: { status: 202, description: 'The import, queued (Location: the import)', schema: CatalogImportView },
      async handler(context) {
        const { document, job } = await startImport(deps, commandContext(context), uploadedFile(context.request, context.query.fileName));
        return {
          status: 202,
          headers: { Location: `/api/products/imports/${document._id}` },
          body: presentImport(document, job, { offset: 0, total: 0, items: [] }, transferTranslator(texts, context.locale)),
        };
      },
    }),
    ...listRoutes({
      path: '/products/imports',
      tag,
      sorts: { createdAt: { path: 'createdAt' } },
      filters: {},
      page: {
        operationId: 'listProductImports',
        summary: 'The tenant’s products imports, newest first: status, file, counts (found, inserted, updated, unchanged, ignored) and dates',
        permission: 'catalog.import',
        schema: CatalogImportPage,
        handler: async ({ principal, locale }, query) => {
          const page = await importsPage(deps, principal, query);
          return { ...page, items: page.items.map(({ document, job }) => presentImportSummary(document, job, transferTranslator(texts, locale))) };
        },
      },
    }),
    defineRoute({
      method: 'get',
      path: '/products/imports/{id}',
      operationId: 'getProductImport',
      summary:
        'An import’s report: status, dates (created, queued, started, ended), counts (lines found, inserted, updated, unchanged, ignored) and a page of the ignored lines, each with its reasons (translated). Only its tenant sees it (another’s: 404 CATALOG_IMPORT_NOT_FOUND)',
      tag,
      access: { kind: 'authenticated', permission: 'catalog.import' },
      params: idParams('id'),
      query: Type.Object(
        {
          offset: Type.Optional(Type.Integer({ minimum: 0, maximum: CATALOG_IMPORT_MAX_ROWS, description: 'Ignored lines skipped (default 0).' })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LINES_PAGE, description: `Ignored lines answered (default 50, at most ${MAX_LINES_PAGE}).` })),
        },
        { additionalProperties: false },
      ),
      response: { status: 200, description: 'The import', schema: CatalogImportView },
      async handler({ principal, params, query, locale }) {
        const document = await visibleImport(deps, principal, params.id);
        const [job, lines] = await Promise.all([
          document.status === 'in_progress' ? deps.jobs.get(document._id) : Promise.resolve(null),
          ignoredLinesPage(deps, document._id, { offset: query.offset ?? 0, limit: query.limit ?? 50 }),
        ]);
        return { body: presentImport(document, job, lines, transferTranslator(texts, locale)) };
      },
    }),
  ];
}

/** Declared before the catalogue's other routes: `/products/exports` and `/products/imports` must not be read as `/products/{id}`. */
export function transferRoutes(deps: TransferDeps, texts: Texts): Route[] {
  return [...importRoutes(deps, texts), ...EXPORT_KINDS.flatMap((kind) => exportRoutes(deps, texts, kind))];
}
