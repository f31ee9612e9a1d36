import type { JobDocument } from '../../jobs/jobs.js';
import { DateTime, Nullable, StringEnum, Type, Uuid, type Static } from '../../views/schema.js';
import { LOCALES, MODULE_TYPES, USER_TYPES } from '../../../domain/organizations/events.js';
import { USER_IMPORT_COLUMNS } from './user-import-file.js';
import { effectiveStatus, type UserImportDocument, type UserImportRowDocument, type UserImportStatus } from './user-import-document.js';

/** The answers of the users import's routes (and the types its screen reads). */
export const USER_IMPORT_STATUSES = ['validating', 'ready', 'failed', 'running', 'interrupted', 'done'] as const;
export const USER_IMPORT_ROW_FILTERS = ['all', 'valid', 'invalid', 'created', 'skipped'] as const;
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
    outcome: Nullable(
      Type.Object({
        status: StringEnum(['created', 'already_created', 'skipped'] as const, { description: 'What the last run did: created its user, found it created by an earlier run, or skipped the row.' }),
        userId: Nullable(Uuid),
        reasons: Type.Array(Problem),
      }),
    ),
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
      filter: StringEnum(USER_IMPORT_ROW_FILTERS, { description: 'all, valid, invalid (the preview), created or skipped (the last run’s outcome).' }),
      offset: Type.Integer({ minimum: 0 }),
      total: Type.Integer({ minimum: 0, description: 'Rows matching the filter.' }),
      items: Type.Array(UserImportRowView),
    }),
    error: Nullable(Problem),
    job: Nullable(Job),
    report: Nullable(
      Type.Object(
        {
          created: Type.Integer({ minimum: 0 }),
          alreadyCreated: Type.Integer({ minimum: 0 }),
          invited: Type.Integer({ minimum: 0 }),
          skipped: Type.Integer({ minimum: 0 }),
          finishedAt: DateTime,
        },
        { description: 'The last run’s counts; its rows (filter=created or skipped) say which, and why.' },
      ),
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

/** A page of an import's rows: the filter's, in line order. */
export interface UserImportRowsPage {
  filter: UserImportRowFilter;
  offset: number;
  total: number;
  items: UserImportRowDocument[];
}

/** The import as the API shows it: a page of its rows, each problem translated. */
export function presentUserImport(document: UserImportDocument, job: JobDocument | null, page: UserImportRowsPage, translate: Translate): UserImportView {
  const status: UserImportStatus = effectiveStatus(document, job);
  const jobError = job?.error ?? null;
  return {
    id: document._id,
    status,
    fileName: document.fileName,
    columns: [...USER_IMPORT_COLUMNS],
    counts: { ...document.counts },
    rows: {
      filter: page.filter,
      offset: page.offset,
      total: page.total,
      items: page.items.map((row) => ({
        line: row.line,
        email: row.email,
        firstname: row.firstname,
        lastname: row.lastname,
        module: row.module,
        role: row.role,
        entity: row.entity,
        organizationId: row.organizationId,
        entityName: row.entityName,
        status: row.status,
        locale: row.locale,
        errors: row.errors.map((error) => problem(error, translate)),
        outcome: row.outcome ? { ...row.outcome, reasons: row.outcome.reasons.map((reason) => problem(reason, translate)) } : null,
      })),
    },
    error: document.error ? problem(document.error, translate) : status === 'failed' && jobError ? problem(jobError, translate) : null,
    job: job
      ? { id: job._id, kind: job.kind, status: job.status, progress: { ...job.progress }, error: jobError ? problem(jobError, translate) : null }
      : null,
    report: document.report ? { ...document.report } : null,
    runs: document.runs,
    createdAt: document.createdAt,
    updatedAt: document.updatedAt,
  };
}
