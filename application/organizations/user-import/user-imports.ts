/**
 * A users import in three steps: the file is uploaded and checked row by
 * row in a job (the preview), then a run creates the valid rows' users in
 * another job, with a report. Its state is operational, like a job's, kept
 * in a collection of its own (never rebuilt from the events: the users it
 * creates are the events); one tenant's imports are seen only by that tenant.
 */
import { derivedId } from '../../../domain/shared/derived-id.js';
import { ApplicationError } from '../../commands/errors.js';
import type { CommandContext } from '../../commands/command-slice.js';
import type { JobControl } from '../../jobs/job-queue.js';
import type { JobDocument } from '../../jobs/jobs.js';
import type { Collection, DocumentStore, Filter, IndexSpec, WriteOperation } from '../../ports/document-store.js';
import type { UserImportRowFilter, UserImportRowsPage } from './user-import-views.js';
import { isPlatformStaff, type Principal } from '../principal.js';
import { ORGANIZATION_COLLECTIONS, type AccountDocument, type OrganizationDocument, type UserDocument } from '../read-models.js';
import type { UserActor } from '../users/user-ports.js';
import { checkImportFile, decodeImportFile, readImportRecords } from './user-import-file.js';
import { EntityIndex, validateRow, type UserImportRow } from './user-import-rows.js';
import { runImport } from './user-import-run.js';
import {
  USER_IMPORTS_COLLECTION,
  USER_IMPORT_ROWS_COLLECTION,
  USER_IMPORT_RUN_JOB,
  USER_IMPORT_VALIDATION_JOB,
  rowDocumentId,
  type UserImportDeps,
  type UserImportDocument,
  type UserImportRowDocument,
  effectiveStatus,
} from './user-import-document.js';

const imports = (documents: DocumentStore): Collection<UserImportDocument> => documents.collection<UserImportDocument>(USER_IMPORTS_COLLECTION);
export const importRows = (documents: DocumentStore): Collection<UserImportRowDocument> => documents.collection<UserImportRowDocument>(USER_IMPORT_ROWS_COLLECTION);

/** The rows' indexes: a page of one import's rows in line order, all of them, the valid or invalid ones, or by the run's outcome. */
const ROW_INDEXES: IndexSpec[] = [
  { name: 'by_import_line', fields: [['importId', 1], ['line', 1]] },
  { name: 'by_import_valid_line', fields: [['importId', 1], ['valid', 1], ['line', 1]] },
  { name: 'by_import_outcome_line', fields: [['importId', 1], ['outcome.status', 1], ['line', 1]] },
];
const ROWS_PER_BATCH = 10;
const indexed = new WeakMap<DocumentStore, Promise<void>>();
/** Builds the rows' indexes once per store (the import's collections are its own, not a projection's). */
export function ensureRowIndexes(documents: DocumentStore): Promise<void> {
  let done = indexed.get(documents);
  if (!done) {
    done = importRows(documents).ensureIndexes(ROW_INDEXES);
    indexed.set(documents, done);
  }
  return done;
}

/** The tenant an import works for: the caller's (provider staff name it). */
function tenantOf(principal: Principal): string {
  if (principal.accountId === null) throw new ApplicationError('ACCOUNT_REQUIRED');
  return principal.accountId;
}

/**
 * Checks the file's bounds and header at once (400, 413, 422), stores the
 * import and queues its validation; answers the import as it stands.
 */
export async function startUserImport(
  deps: UserImportDeps,
  context: CommandContext,
  file: { bytes: Buffer | null; fileName: string | null },
): Promise<{ document: UserImportDocument; job: JobDocument }> {
  const accountId = tenantOf(context.principal);
  const text = decodeImportFile(file.bytes);
  const { delimiter, rows } = checkImportFile(text);
  const now = deps.clock.now();
  const id = deps.ids.uuid();
  const document: UserImportDocument = {
    _id: id,
    accountId,
    createdBy: context.principal.userId,
    fileName: file.fileName,
    status: 'validating',
    counts: { rows: 0, valid: 0, invalid: 0 },
    error: null,
    jobId: id,
    runs: 0,
    report: null,
    createdAt: now,
    updatedAt: now,
  };
  await ensureRowIndexes(deps.documents);
  await imports(deps.documents).insert(document);
  const { job } = await deps.jobs.submit(
    { id, kind: USER_IMPORT_VALIDATION_JOB, owner: { accountId, organizationId: context.principal.organizationId, userId: context.principal.userId }, total: rows },
    async (control) => ({ result: await validateImport(deps, document, text, delimiter, control), position: null }),
  );
  return { document, job };
}

/** Reads the file through, checks every row, and stores the preview; a broken file fails the import. */
async function validateImport(deps: UserImportDeps, document: UserImportDocument, text: string, delimiter: string, control: JobControl): Promise<{ valid: number; invalid: number }> {
  const collection = imports(deps.documents);
  try {
    await control.pause();
    const records = await readImportRecords(text, delimiter, control.pause);
    const [account, entities] = await Promise.all([
      deps.documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(document.accountId),
      deps.documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations).find({ accountId: document.accountId }, { limit: 20_000 }),
    ]);
    const taken = await existingEmails(deps.documents, records.map((record) => record.cells.email.trim().toLowerCase()), control);
    const context = { entities: new EntityIndex(entities), defaultLocale: account?.language ?? 'fr-FR', seen: new Map<string, number>(), taken };
    let invalid = 0;
    let batch: WriteOperation[] = [];
    let sliceStarted = performance.now();
    for (const [index, record] of records.entries()) {
      const row: UserImportRow = validateRow(record, context);
      if (row.errors.length > 0) invalid++;
      const stored: UserImportRowDocument = { ...row, _id: rowDocumentId(document._id, row.line), importId: document._id, valid: row.errors.length === 0, outcome: null };
      batch.push({ kind: 'upsert', collection: USER_IMPORT_ROWS_COLLECTION, document: stored });
      // A batch of rows costs SQLite about a millisecond a row (the document and its indexes): a few at a time.
      if (batch.length >= ROWS_PER_BATCH || performance.now() - sliceStarted > 4) {
        await deps.documents.writeBatch(batch);
        batch = [];
        control.progress(index + 1);
        await control.pause();
        sliceStarted = performance.now();
      }
    }
    if (batch.length > 0) await deps.documents.writeBatch(batch);
    const counts = { rows: records.length, valid: records.length - invalid, invalid };
    await collection.upsert({ ...document, status: 'ready', counts, updatedAt: deps.clock.now() });
    return { valid: counts.valid, invalid };
  } catch (error) {
    const { code, details } = error as { code?: unknown; details?: Record<string, unknown> };
    if (typeof code === 'string' && code.startsWith('USER_IMPORT_')) {
      await collection.upsert({ ...document, status: 'failed', error: { code, details: details ?? {} }, updatedAt: deps.clock.now() });
    }
    throw error;
  }
}

/** The addresses among `emails` that the platform's users already have, read 200 at a time. */
async function existingEmails(documents: DocumentStore, emails: string[], control: JobControl): Promise<Set<string>> {
  const users = documents.collection<UserDocument>(ORGANIZATION_COLLECTIONS.users);
  const wanted = [...new Set(emails.filter((email) => email !== ''))];
  const taken = new Set<string>();
  for (let start = 0; start < wanted.length; start += 200) {
    const batch = wanted.slice(start, start + 200);
    for (const user of await users.find({ email: { $in: batch } }, { limit: batch.length })) taken.add(user.email);
    await control.pause();
  }
  return taken;
}

/** The import if the caller's tenant owns it (provider staff: any), else 404 USER_IMPORT_NOT_FOUND. */
export async function visibleImport(deps: Pick<UserImportDeps, 'documents'>, principal: Principal, id: string): Promise<UserImportDocument> {
  const found = await imports(deps.documents).get(id);
  if (!found || (!isPlatformStaff(principal) && found.accountId !== principal.accountId)) throw new ApplicationError('USER_IMPORT_NOT_FOUND', { importId: id });
  return found;
}

/**
 * Runs the import: creates the valid rows' users and invites them, in a job.
 * Allowed once the preview is ready, again after a run was interrupted (it
 * goes on where it stopped) or finished (it creates nothing more); refused
 * while the file is checked or a run is under way (409), and without any
 * valid row (409 USER_IMPORT_NOTHING_TO_IMPORT).
 */
export async function runUserImport(deps: UserImportDeps, context: CommandContext, id: string): Promise<{ document: UserImportDocument; job: JobDocument }> {
  const collection = imports(deps.documents);
  const document = await visibleImport(deps, context.principal, id);
  const current = await deps.jobs.get(document.jobId);
  const status = effectiveStatus(document, current);
  if (status === 'validating' || status === 'failed' || (status === 'interrupted' && document.status === 'validating')) {
    throw new ApplicationError('USER_IMPORT_NOT_READY', { status });
  }
  if (status === 'running') throw new ApplicationError('USER_IMPORT_RUNNING');
  if (document.counts.valid === 0) throw new ApplicationError('USER_IMPORT_NOTHING_TO_IMPORT');
  const runs = document.runs + 1;
  const jobId = derivedId(`user-import-run:${id}:${runs}`);
  const claimed: UserImportDocument = { ...document, status: 'running', runs, jobId, updatedAt: deps.clock.now() };
  // Only one of two runs asked at once takes it: the other finds it changed.
  if (!(await collection.replaceWhere(claimed, { status: document.status, runs: document.runs }))) throw new ApplicationError('USER_IMPORT_RUNNING');
  const actor: UserActor = { principal: context.principal, correlationId: context.correlationId };
  const { job } = await deps.jobs.submit(
    { id: jobId, kind: USER_IMPORT_RUN_JOB, owner: { accountId: document.accountId, organizationId: context.principal.organizationId, userId: context.principal.userId }, total: document.counts.valid * 2 },
    async (control) => {
      const report = await runImport(deps, claimed, actor, control);
      await collection.upsert({ ...claimed, status: 'done', report, updatedAt: deps.clock.now() });
      return { result: report, position: null };
    },
  );
  return { document: claimed, job };
}

/** A page of an import's rows, in line order: all, the valid or invalid ones (the preview), or the last run's created or skipped ones. */
export async function importRowsPage(
  deps: Pick<UserImportDeps, 'documents'>,
  importId: string,
  page: { filter: UserImportRowFilter; offset: number; limit: number },
): Promise<UserImportRowsPage> {
  const filter: Filter = { importId };
  if (page.filter === 'valid' || page.filter === 'invalid') filter.valid = page.filter === 'valid';
  if (page.filter === 'created') filter['outcome.status'] = { $in: ['created', 'already_created'] };
  if (page.filter === 'skipped') filter['outcome.status'] = 'skipped';
  const rows = importRows(deps.documents);
  const [items, total] = await Promise.all([rows.find(filter, { sort: [['line', 1]], skip: page.offset, limit: page.limit }), rows.count(filter)]);
  return { ...page, total, items };
}
