import type { JobDocument } from '../../jobs/jobs.js';
import { DateTime, Nullable, StringEnum, Type, Uuid, type Static } from '../../views/schema.js';
import { LOCALES, MODULE_TYPES, USER_TYPES } from '../../../domain/organizations/events.js';
import { USER_IMPORT_COLUMNS } from './user-import-file.js';
import type { UserImportDocument, UserImportStatus } from './user-import-document.js';
import { effectiveStatus } from './user-imports.js';

/** The answers of the users import's routes (and the types its screen reads). */
export const USER_IMPORT_STATUSES = ['validating', 'ready', 'failed', 'running', 'interrupted', 'done'] as const;
export const USER_IMPORT_ROW_FILTERS = ['all', 'valid', 'invalid'] as const;
export type UserImportRowFilter = (typeof USER_IMPORT_ROW_FILTERS)[number];

const Problem = Type.Object(
  {
    code: Type.String({ description: 'A row problem (lower case: `email_invalid`, `duplicate_in_file`…) or the creation’s refusal (an error code).' }),
    field: Nullable(Type.String()),
    params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
    message: Type.String({ description: 'Translated by Accept-Language.' }),
  },
  { title: 'UserImportProblem' },
);

export const UserImportRowView = Type.Object(
  {
    line: Type.Integer({ minimum: 2, description: 'The file’s line (the header is line 1).' }),
    email: Type.String(),
    firstname: Type.String(),
    lastname: Type.String(),
    module: Nullable(StringEnum(MODULE_TYPES)),
    role: Nullable(StringEnum(USER_TYPES)),
    entity: Type.String({ description: 'As written in the file: an external id or a name.' }),
    organizationId: Nullable(Uuid),
    entityName: Nullable(Type.String()),
    status: StringEnum(['active', 'inactive'] as const),
    locale: StringEnum(LOCALES),
    errors: Type.Array(Problem),
  },
  { title: 'UserImportRow' },
);

const Job = Type.Object(
  {
    id: Uuid,
    kind: Type.String(),
    status: StringEnum(['queued', 'running', 'done', 'failed'] as const),
    progress: Type.Object({ done: Type.Integer({ minimum: 0 }), total: Type.Integer({ minimum: 0 }) }),
    error: Nullable(Problem),
  },
  { title: 'UserImportJob', description: 'The work now (or last) done on the import: its validation, then each run (progress: rows created, then invitations sent).' },
);

export const UserImportView = Type.Object(
  {
    id: Uuid,
    status: StringEnum(USER_IMPORT_STATUSES, {
      description:
        'validating (the job reads the file), ready (the preview), failed (the file was refused: `error`), running, interrupted (the server stopped: run it again, it goes on where it stopped), done (`report`).',
    }),
    fileName: Nullable(Type.String()),
    columns: Type.Array(StringEnum(USER_IMPORT_COLUMNS)),
    counts: Type.Object({ rows: Type.Integer({ minimum: 0 }), valid: Type.Integer({ minimum: 0 }), invalid: Type.Integer({ minimum: 0 }) }),
    rows: Type.Object({
      filter: StringEnum(USER_IMPORT_ROW_FILTERS),
      offset: Type.Integer({ minimum: 0 }),
      total: Type.Integer({ minimum: 0, description: 'Rows matching the filter.' }),
      items: Type.Array(UserImportRowView),
    }),
    error: Nullable(Problem),
    job: Nullable(Job),
    report: Nullable(
      Type.Object({
        created: Type.Integer({ minimum: 0 }),
        alreadyCreated: Type.Integer({ minimum: 0 }),
        invited: Type.Integer({ minimum: 0 }),
        users: Type.Array(Type.Object({ line: Type.Integer(), email: Type.String(), userId: Uuid })),
        skipped: Type.Array(Type.Object({ line: Type.Integer(), email: Type.String(), reasons: Type.Array(Problem) })),
        finishedAt: DateTime,
      }),
    ),
    runs: Type.Integer({ minimum: 0 }),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'UserImport' },
);
export type UserImportView = Static<typeof UserImportView>;

type Translate = (code: string, params: Record<string, unknown>) => string;
type ProblemLike = { code: string; field?: string | null; params?: Record<string, string | number>; details?: Record<string, unknown> };

function problem(item: ProblemLike, translate: Translate): Static<typeof Problem> {
  const params = (item.params ?? flat(item.details ?? {})) as Record<string, string | number>;
  return { code: item.code, field: item.field ?? null, params, message: translate(item.code, params) };
}

/** A failure's details as the view's scalar params (a list joined). */
function flat(details: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(details)) {
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
    else if (Array.isArray(value)) out[key] = value.map(String).join(', ');
  }
  return out;
}

/** The import as the API shows it: a page of its rows (the filter's), each problem translated. */
export function presentUserImport(
  document: UserImportDocument,
  job: JobDocument | null,
  page: { filter: UserImportRowFilter; offset: number; limit: number },
  translate: Translate,
): UserImportView {
  const matching = page.filter === 'all' ? document.rows : document.rows.filter((row) => (row.errors.length === 0) === (page.filter === 'valid'));
  const status: UserImportStatus = effectiveStatus(document, job);
  const jobError = job?.error ?? null;
  const report = document.report;
  return {
    id: document._id,
    status,
    fileName: document.fileName,
    columns: [...USER_IMPORT_COLUMNS],
    counts: { ...document.counts },
    rows: {
      filter: page.filter,
      offset: page.offset,
      total: matching.length,
      items: matching.slice(page.offset, page.offset + page.limit).map((row) => ({ ...row, errors: row.errors.map((error) => problem(error, translate)) })),
    },
    error: document.error ? problem(document.error, translate) : status === 'failed' && jobError ? problem(jobError, translate) : null,
    job: job
      ? { id: job._id, kind: job.kind, status: job.status, progress: { ...job.progress }, error: jobError ? problem(jobError, translate) : null }
      : null,
    report: report
      ? { ...report, skipped: report.skipped.map((entry) => ({ ...entry, reasons: entry.reasons.map((reason) => problem(reason, translate)) })) }
      : null,
    runs: document.runs,
    createdAt: document.createdAt,
    updatedAt: document.updatedAt,
  };
}
