import { JOB_STATUSES, type JobDocument } from '../../jobs/jobs.js';
import { DateTime, ListPage, Nullable, StringEnum, Type, Uuid, type Static } from '../../views/schema.js';
import { effectiveStatus } from './catalog-imports.js';
import type { ExportResult } from './catalog-exports.js';
import { EXPORT_KINDS, type ExportKind } from './transfer-columns.js';
import { IMPORT_STATUSES, type CatalogImportDocument, type CatalogImportLineDocument } from './transfer-document.js';

/** The answers of the catalogue's export and import routes (and the types the screens read). */
type Translate = (code: string, params: Record<string, unknown>) => string;

const Problem = Type.Object(
  {
    code: Type.String({ description: 'A line problem (lower case: `category_unknown`, `duplicate_in_file`…) or the products part’s refusal (an error code).' }),
    field: Nullable(Type.String({ description: 'The column concerned, when one is.' })),
    params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
    message: Type.String({ description: 'Translated by Accept-Language.' }),
  },
  { title: 'CatalogTransferProblem' },
);
type Problem = Static<typeof Problem>;

export const CatalogExportView = Type.Object(
  {
    id: Uuid,
    kind: StringEnum(EXPORT_KINDS),
    status: StringEnum(JOB_STATUSES, { description: 'queued, running, done (`downloadUrl`) or failed (`error`).' }),
    entries: Type.Integer({ minimum: 0, description: 'Entries written so far (products, categories or questions); all of them once done.' }),
    total: Type.Integer({ minimum: 0, description: 'Entries the tenant had when the export started.' }),
    fileName: Nullable(Type.String()),
    downloadUrl: Nullable(Type.String({ description: 'Once done: the file (CSV, UTF-8 with a BOM, semicolons), a signed link valid until `expiresAt`, given only to the export’s tenant.' })),
    expiresAt: Nullable(DateTime),
    error: Nullable(Problem),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'CatalogExport' },
);
export type CatalogExportView = Static<typeof CatalogExportView>;

const Counts = Type.Object({
  found: Type.Integer({ minimum: 0, description: 'Data lines in the file.' }),
  inserted: Type.Integer({ minimum: 0 }),
  updated: Type.Integer({ minimum: 0 }),
  unchanged: Type.Integer({ minimum: 0, description: 'Lines whose product already read as they say: nothing written.' }),
  ignored: Type.Integer({ minimum: 0 }),
});

const importFields = {
  id: Uuid,
  status: StringEnum(IMPORT_STATUSES, {
    description: 'in_progress, success, success_with_ignored (some lines ignored: `ignoredLines`), error (the import stopped: `error`; the same file sent again creates only what is missing).',
  }),
  fileName: Nullable(Type.String()),
  counts: Counts,
  progress: Type.Object({ done: Type.Integer({ minimum: 0 }), total: Type.Integer({ minimum: 0 }) }),
  error: Nullable(Problem),
  createdAt: DateTime,
  queuedAt: DateTime,
  startedAt: Nullable(DateTime),
  endedAt: Nullable(DateTime),
};

export const CatalogImportSummaryView = Type.Object(importFields, { title: 'CatalogImportSummary' });
export type CatalogImportSummaryView = Static<typeof CatalogImportSummaryView>;
export const CatalogImportPage = ListPage(CatalogImportSummaryView, 'CatalogImportPage');

export const CatalogImportView = Type.Object(
  {
    ...importFields,
    ignoredLines: Type.Object({
      offset: Type.Integer({ minimum: 0 }),
      total: Type.Integer({ minimum: 0 }),
      items: Type.Array(
        Type.Object({
          line: Type.Integer({ minimum: 2, description: 'The file’s line (the header is line 1).' }),
          product: Type.String({ description: 'What names the product on the line: its id, EAN, or brand, model and label.' }),
          reasons: Type.Array(Problem),
        }),
      ),
    }),
  },
  { title: 'CatalogImport' },
);
export type CatalogImportView = Static<typeof CatalogImportView>;

/** A failure's details as scalar params (a list joined). */
function problem(item: { code: string; field?: string | null; params?: Record<string, string | number>; details?: Record<string, unknown> }, translate: Translate): Problem {
  const params: Record<string, string | number> = { ...(item.params ?? {}) };
  for (const [key, value] of Object.entries(item.details ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') params[key] = value;
    else if (Array.isArray(value)) params[key] = value.map(String).join(', ');
  }
  return { code: item.code, field: item.field ?? null, params, message: translate(item.code, params) };
}

export function presentExport(kind: ExportKind, job: JobDocument<ExportResult>, link: { url: string; expiresAt: string } | null, translate: Translate): CatalogExportView {
  const done = job.status === 'done' && job.result !== null;
  return {
    id: job._id,
    kind,
    status: job.status,
    entries: done ? (job.result as ExportResult).entries : job.progress.done,
    total: job.progress.total,
    fileName: done ? (job.result as ExportResult).fileName : null,
    downloadUrl: done && link ? link.url : null,
    expiresAt: done && link ? link.expiresAt : null,
    error: job.error ? problem(job.error, translate) : null,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}

export function presentImportSummary(document: CatalogImportDocument, job: JobDocument | null, translate: Translate): CatalogImportSummaryView {
  const { status, error } = effectiveStatus(document, job);
  const total = document.counts.found;
  const applied = document.counts.inserted + document.counts.updated + document.counts.unchanged + document.counts.ignored;
  return {
    id: document._id,
    status,
    fileName: document.fileName,
    counts: { ...document.counts },
    progress: { done: status === 'in_progress' ? Math.max(applied, job?.progress.done ?? 0) : applied, total },
    error: error ? problem(error, translate) : null,
    createdAt: document.createdAt,
    queuedAt: document.queuedAt,
    startedAt: document.startedAt,
    endedAt: document.endedAt,
  };
}

export function presentImport(
  document: CatalogImportDocument,
  job: JobDocument | null,
  lines: { offset: number; total: number; items: CatalogImportLineDocument[] },
  translate: Translate,
): CatalogImportView {
  return {
    ...presentImportSummary(document, job, translate),
    ignoredLines: {
      offset: lines.offset,
      total: lines.total,
      items: lines.items.map((line) => ({ line: line.line, product: line.product, reasons: line.reasons.map((reason) => problem(reason, translate)) })),
    },
  };
}
