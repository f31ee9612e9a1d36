import { ApplicationError } from '../../commands/errors.js';
import type { CommandContext } from '../../commands/command-slice.js';
import type { JobDocument } from '../../jobs/jobs.js';
import { findPage, type PageRequest } from '../../lists/paged-query.js';
import type { Principal } from '../../organizations/principal.js';
import type { Collection, IndexSpec } from '../../ports/document-store.js';
import type { ListPage } from '../../views/schema.js';
import { decodeImportFile, readFileLines } from './import-file.js';
import { applyImport } from './import-run.js';
import {
  CATALOG_IMPORTS_COLLECTION,
  CATALOG_IMPORT_JOB,
  CATALOG_IMPORT_LINES_COLLECTION,
  catalogTenantOf,
  ownedBy,
  type CatalogImportDocument,
  type CatalogImportLineDocument,
  type ImportOptions,
  type ImportStatus,
  type TransferDeps,
} from './transfer-document.js';

/**
 * A products import: the file is read through as it is uploaded (a broken
 * one is refused, 422, and nothing changes), then a job applies it line by
 * line (import-run.ts) and writes its report. The file lives in memory only
 * while its job runs: an import whose process died shows `error`
 * (JOB_INTERRUPTED), and the same file uploaded again creates only what is
 * missing.
 */
export const imports = (deps: Pick<TransferDeps, 'documents'>): Collection<CatalogImportDocument> => deps.documents.collection<CatalogImportDocument>(CATALOG_IMPORTS_COLLECTION);
export const importLines = (deps: Pick<TransferDeps, 'documents'>): Collection<CatalogImportLineDocument> =>
  deps.documents.collection<CatalogImportLineDocument>(CATALOG_IMPORT_LINES_COLLECTION);

const IMPORT_INDEXES: IndexSpec[] = [{ name: 'by_account_created', fields: [['accountId', 1], ['createdAt', -1]] }];
const LINE_INDEXES: IndexSpec[] = [{ name: 'by_import_line', fields: [['importId', 1], ['line', 1]] }];
const indexed = new WeakMap<object, Promise<void>>();

function ensureIndexes(deps: Pick<TransferDeps, 'documents'>): Promise<void> {
  let done = indexed.get(deps.documents);
  if (!done) {
    done = Promise.all([imports(deps).ensureIndexes(IMPORT_INDEXES), importLines(deps).ensureIndexes(LINE_INDEXES)]).then(() => undefined);
    indexed.set(deps.documents, done);
  }
  return done;
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Checks the file through (400, 413, 422: nothing is stored), stores the import and queues its job. */
export async function startImport(
  deps: TransferDeps,
  context: CommandContext,
  file: { bytes: Buffer | null; fileName: string | null },
  options: ImportOptions = {},
): Promise<{ document: CatalogImportDocument; job: JobDocument }> {
  const accountId = catalogTenantOf(context.principal);
  const text = decodeImportFile(file.bytes);
  const found = await readFileLines(text, yieldToLoop, async () => undefined);
  await ensureIndexes(deps);
  const now = deps.clock.now();
  const id = options.id ?? deps.ids.uuid();
  const document: CatalogImportDocument = {
    _id: id,
    accountId,
    ...(options.source ? { source: options.source } : {}),
    createdBy: context.principal.userId,
    fileName: file.fileName,
    status: 'in_progress',
    counts: { found, inserted: 0, updated: 0, unchanged: 0, ignored: 0 },
    error: null,
    createdAt: now,
    queuedAt: now,
    startedAt: null,
    endedAt: null,
    updatedAt: now,
  };
  await imports(deps).insert(document);
  const actor = { principal: context.principal, correlationId: context.correlationId };
  const { job } = await deps.jobs.submit(
    { id, kind: CATALOG_IMPORT_JOB, owner: { accountId, organizationId: context.principal.organizationId, userId: context.principal.userId }, total: found },
    async (control) => applyImport(deps, document, text, actor, control, options.policy ?? null),
  );
  return { document, job };
}

/**
 * A file refused before any line was read (not UTF-8, without the required
 * columns…) that nobody is there to be answered about (the SFTP inbox): kept
 * as an import in `error` with the refusal, so its report says why.
 */
export async function recordRefusedImport(
  deps: Pick<TransferDeps, 'documents' | 'clock'>,
  context: Pick<CommandContext, 'principal'>,
  file: { fileName: string | null },
  options: Pick<ImportOptions, 'source'> & { id: string },
  refusal: { code: string; details: Record<string, unknown> },
): Promise<CatalogImportDocument> {
  await ensureIndexes(deps);
  const now = deps.clock.now();
  const document: CatalogImportDocument = {
    _id: options.id,
    accountId: catalogTenantOf(context.principal),
    ...(options.source ? { source: options.source } : {}),
    createdBy: context.principal.userId,
    fileName: file.fileName,
    status: 'error',
    counts: { found: 0, inserted: 0, updated: 0, unchanged: 0, ignored: 0 },
    error: refusal,
    createdAt: now,
    queuedAt: now,
    startedAt: null,
    endedAt: now,
    updatedAt: now,
  };
  await imports(deps).insert(document);
  return document;
}

/** The import if the caller's tenant owns it (provider staff: any), else 404 CATALOG_IMPORT_NOT_FOUND. */
export async function visibleImport(deps: Pick<TransferDeps, 'documents'>, principal: Principal, id: string): Promise<CatalogImportDocument> {
  const found = await imports(deps).get(id);
  if (!found || !ownedBy(principal, found.accountId)) throw new ApplicationError('CATALOG_IMPORT_NOT_FOUND', { importId: id });
  return found;
}

/** Its status as it stands: in progress while its job works; a job that failed or is gone (its process died) makes it `error`. */
export function effectiveStatus(document: CatalogImportDocument, job: JobDocument | null): { status: ImportStatus; error: CatalogImportDocument['error'] } {
  if (document.status !== 'in_progress') return { status: document.status, error: document.error };
  if (job === null) return { status: 'error', error: { code: 'JOB_INTERRUPTED', details: {} } };
  if (job.status === 'failed') return { status: 'error', error: job.error ?? { code: 'JOB_FAILED', details: {} } };
  return { status: 'in_progress', error: null };
}

/** The tenant's imports, newest first, each with its job (the side panel reads one's report). */
export async function importsPage(deps: TransferDeps, principal: Principal, request: PageRequest): Promise<ListPage<{ document: CatalogImportDocument; job: JobDocument | null }>> {
  const accountId = catalogTenantOf(principal);
  await ensureIndexes(deps);
  // An SFTP attempt taken over by the next one (application/settings/sftp/sftp-inbox.ts) is that one's report, not listed beside it.
  const page = await findPage(imports(deps), { accountId, supersededBy: { $exists: false } }, request, [['createdAt', -1]]);
  const items = await Promise.all(page.items.map(async (document) => ({ document, job: document.status === 'in_progress' ? await deps.jobs.get(document._id) : null })));
  return { ...page, items };
}

/** A page of the lines an import ignored, in line order, with the count of them all. */
export async function ignoredLinesPage(deps: Pick<TransferDeps, 'documents'>, importId: string, page: { offset: number; limit: number }): Promise<{ offset: number; total: number; items: CatalogImportLineDocument[] }> {
  const [items, total] = await Promise.all([
    importLines(deps).find({ importId }, { sort: [['line', 1]], skip: page.offset, limit: page.limit }),
    importLines(deps).count({ importId }),
  ]);
  return { offset: page.offset, total, items };
}
