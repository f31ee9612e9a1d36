import type { JobDocument } from '../../jobs/jobs.js';
import { DateTime, ListPage, Nullable, StringEnum, Type, Uuid, type Static } from '../../views/schema.js';
import { DATA_EXPORT_KINDS, DATA_EXPORT_STATUSES, type DataExportDocument } from './export-document.js';
import { IMPORT_DESTINATIONS, IMPORT_LIST_STATUSES, IMPORT_SOURCES, type ImportEntry } from './import-entry.js';

type Translate = (code: string, params: Record<string, unknown>) => string;

/** An organization's data export as the exports screen shows it (specification 002 §3 "Import and export"). */
export const DataExportView = Type.Object(
  {
    id: Uuid,
    organizationId: Uuid,
    organizationName: Type.String(),
    kind: StringEnum(DATA_EXPORT_KINDS),
    filters: Type.Object({ createdFrom: Type.Optional(DateTime), createdTo: Type.Optional(DateTime) }),
    status: StringEnum(DATA_EXPORT_STATUSES, { description: 'in_progress (poll every 3 s; `progress`), then success (`downloadUrl`) or error (`error`).' }),
    progress: Type.Object({
      done: Type.Integer({ minimum: 0, description: 'Rows written so far by the current attempt.' }),
      total: Type.Integer({ minimum: 0, description: 'Rows the list had when the attempt started.' }),
    }),
    attempt: Type.Integer({ minimum: 0, description: 'How many times the export was started again after its process stopped (0: never).' }),
    rows: Type.Integer({ minimum: 0, description: 'Rows of the file once done (the header line aside).' }),
    bytes: Type.Integer({ minimum: 0, description: 'Size of the file once done.' }),
    fileName: Type.String(),
    downloadUrl: Nullable(Type.String({ description: 'Once done: GET it with the caller’s credentials (CSV: UTF-8 with a BOM, semicolons, CRLF).' })),
    createdBy: Nullable(Type.Object({ id: Uuid, name: Nullable(Type.String()) })),
    error: Nullable(Type.Object({ code: Type.String(), message: Type.String() })),
    createdAt: DateTime,
    startedAt: Nullable(DateTime),
    endedAt: Nullable(DateTime),
  },
  { title: 'DataExport' },
);
export type DataExportView = Static<typeof DataExportView>;
export const DataExportPage = ListPage(DataExportView, 'DataExportPage');

export function presentDataExport(document: DataExportDocument, job: JobDocument | null, translate: Translate): DataExportView {
  const running = document.status === 'in_progress' && job !== null && job._id === document.jobId;
  const done = document.status === 'success';
  return {
    id: document._id,
    organizationId: document.organizationId,
    organizationName: document.organizationName,
    kind: document.kind,
    filters: { ...document.filters },
    status: document.status,
    progress: done ? { done: document.rows, total: document.rows } : running ? { ...job.progress } : { done: 0, total: 0 },
    attempt: document.attempt,
    rows: document.rows,
    bytes: document.bytes,
    fileName: document.fileName,
    downloadUrl: done ? `/api/data-exports/${document._id}/file` : null,
    createdBy: document.createdBy ? { id: document.createdBy, name: document.createdByName } : null,
    error: document.error ? { code: document.error.code, message: translate(document.error.code, document.error.details) } : null,
    createdAt: document.createdAt,
    startedAt: document.startedAt,
    endedAt: document.endedAt,
  };
}

/** One import of the imports list, with what its side panel shows (dates and line counts). */
export const ImportEntryView = Type.Object(
  {
    id: Uuid,
    destination: StringEnum(IMPORT_DESTINATIONS, { description: 'What the file fills: the catalogue’s products, or users.' }),
    source: StringEnum(IMPORT_SOURCES, { description: 'upload (a screen or the API), or sftp (a products-import.csv dropped on the SFTP server).' }),
    fileName: Nullable(Type.String()),
    status: StringEnum(IMPORT_LIST_STATUSES),
    createdBy: Nullable(Type.Object({ id: Uuid, name: Nullable(Type.String()) })),
    dates: Type.Object({ created: DateTime, queued: DateTime, started: Nullable(DateTime), ended: Nullable(DateTime) }),
    counts: Type.Object({
      read: Type.Integer({ minimum: 0, description: 'Lines found in the file.' }),
      created: Type.Integer({ minimum: 0 }),
      changed: Type.Integer({ minimum: 0 }),
      unchanged: Type.Integer({ minimum: 0, description: 'Lines that matched what exists (the same file again, or a run after an interruption).' }),
      refused: Type.Integer({ minimum: 0 }),
    }),
    progress: Nullable(Type.Object({ done: Type.Integer({ minimum: 0 }), total: Type.Integer({ minimum: 0 }) })),
    error: Nullable(Type.Object({ code: Type.String(), message: Type.String() })),
    reportUrl: Type.String({ description: 'The import’s own report (its refused lines and their reasons): GET /products/imports/{id} or GET /users/imports/{id}.' }),
  },
  { title: 'ImportEntry' },
);
export type ImportEntryView = Static<typeof ImportEntryView>;
export const ImportEntryPage = ListPage(ImportEntryView, 'ImportEntryPage');

export function presentImportEntry(entry: ImportEntry & { createdByName: string | null }, translate: Translate): ImportEntryView {
  return {
    id: entry.id,
    destination: entry.destination,
    source: entry.source,
    fileName: entry.fileName,
    status: entry.status,
    createdBy: entry.createdBy ? { id: entry.createdBy, name: entry.createdByName } : null,
    dates: { created: entry.createdAt, queued: entry.queuedAt, started: entry.startedAt, ended: entry.endedAt },
    counts: { ...entry.counts },
    progress: entry.progress,
    error: entry.error ? { code: entry.error.code, message: translate(entry.error.code, entry.error.details) } : null,
    reportUrl: `/api/${entry.destination}/imports/${entry.id}`,
  };
}
