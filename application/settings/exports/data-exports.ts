/**
 * An organization's data exports as jobs: the request checks and stores the
 * export (its filters, the stores it covers, the caller as they are), then a
 * job reads the list's rows in batches and writes the CSV in chunks of a few
 * hundred lines (documents of their own, tagged with the attempt), giving
 * the event loop back between chunks, so memory stays flat and the server
 * keeps answering whatever the size.
 *
 * Crash-safe: the export is `success` only once its last chunk is written
 * (the file is read from the chunks of that attempt only). An export whose
 * job was interrupted (its process died: the job queue fails it with
 * JOB_INTERRUPTED once its heartbeat is stale; or the job is gone) is
 * started again from the start as the next attempt by the resumer
 * (export-resumer.ts), which deletes the chunks of the attempts before; a
 * half-written file is never served.
 */
import { derivedId } from '../../../domain/shared/derived-id.js';
import { ApplicationError } from '../../commands/errors.js';
import type { JobControl, JobQueue } from '../../jobs/job-queue.js';
import { isPlatformStaff, type Principal } from '../../organizations/principal.js';
import { accountOf, visibleOrganization } from '../../organizations/entities/entity-lookup.js';
import { ORGANIZATION_COLLECTIONS, type OrganizationDocument } from '../../organizations/read-models.js';
import { userNames } from '../../organizations/user-names.js';
import type { Clock, IdGenerator } from '../../ports/clock.js';
import type { Collection, DocumentStore, IndexSpec } from '../../ports/document-store.js';
import type { Locale } from '../../../domain/organizations/events.js';
import {
  DATA_EXPORT_CHUNKS_COLLECTION,
  DATA_EXPORT_JOB,
  DATA_EXPORT_RETENTION_MS,
  DATA_EXPORTS_COLLECTION,
  principalOf,
  storedPrincipal,
  type DataExportChunk,
  type DataExportDocument,
  type DataExportFilters,
  type DataExportKind,
} from './export-document.js';

/** What an export reads: the list's rows the principal may see, as the list's CSV writes them. */
export interface ExportQuery extends DataExportFilters {
  /** The stores the organization covers; null: the whole account. */
  storeIds: string[] | null;
}

export interface ExportSource {
  /** The existing list export's permission the caller must hold (buyback.export…). */
  permission: string;
  /** Whether the creation-date filters apply to this list. */
  dated: boolean;
  /** How many rows the export will write (its progress' total), bounded. */
  count(principal: Principal, query: ExportQuery): Promise<number>;
  /** The header line and the rows, in the caller's language and time zone. */
  open(principal: Principal, query: ExportQuery, locale: Locale, timeZone: string): Promise<{ header: string[]; rows: AsyncIterable<string[]> }>;
}

export interface DataExportDeps {
  documents: DocumentStore;
  clock: Clock;
  ids: IdGenerator;
  jobs: JobQueue;
  sources: Record<DataExportKind, ExportSource>;
  /** Writes records as CSV (semicolons, CRLF, formula cells neutralised), with the UTF-8 BOM first when asked. */
  csv(records: string[][], bom: boolean): string;
}

const LINES_PER_CHUNK = 500;
const CHUNKS_PER_READ = 8;
const DELETE_BATCH = 500;

export const dataExports = (deps: Pick<DataExportDeps, 'documents'>): Collection<DataExportDocument> => deps.documents.collection<DataExportDocument>(DATA_EXPORTS_COLLECTION);
const chunks = (deps: Pick<DataExportDeps, 'documents'>) => deps.documents.collection<DataExportChunk>(DATA_EXPORT_CHUNKS_COLLECTION);

const EXPORT_INDEXES: IndexSpec[] = [
  { name: 'by_account_organization_created', fields: [['accountId', 1], ['organizationId', 1], ['createdAt', -1]] },
  { name: 'by_status', fields: [['status', 1], ['updatedAt', 1]] },
];
const CHUNK_INDEXES: IndexSpec[] = [{ name: 'by_export_attempt_seq', fields: [['exportId', 1], ['attempt', 1], ['seq', 1]] }];
const indexed = new WeakMap<object, Promise<void>>();

export function ensureExportIndexes(deps: Pick<DataExportDeps, 'documents'>): Promise<void> {
  let done = indexed.get(deps.documents);
  if (!done) {
    done = Promise.all([dataExports(deps).ensureIndexes(EXPORT_INDEXES), chunks(deps).ensureIndexes(CHUNK_INDEXES)]).then(() => undefined);
    indexed.set(deps.documents, done);
  }
  return done;
}

export const exportJobId = (exportId: string, attempt: number) => derivedId(`data-export:${exportId}:${attempt}`);

/** The stores an organization covers: a store itself, a unit's stores below it, the root's: all (null). */
async function storesOf(deps: Pick<DataExportDeps, 'documents'>, organization: OrganizationDocument): Promise<string[] | null> {
  if (organization.type === 'root_management_unit') return null;
  if (organization.type === 'store') return [organization._id];
  if (organization.type !== 'management_unit') throw new ApplicationError('DATA_EXPORT_ORGANIZATION_UNSUPPORTED', { organizationId: organization._id, type: organization.type });
  const all = await deps.documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations).find({ accountId: organization.accountId }, { limit: 20_000 });
  const below = new Set([organization._id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const o of all) if (o.parentOrganizationId && below.has(o.parentOrganizationId) && !below.has(o._id)) grew = Boolean(below.add(o._id));
  }
  return all.filter((o) => o.type === 'store' && below.has(o._id)).map((o) => o._id);
}

function checkedFilters(source: ExportSource, filters: DataExportFilters): DataExportFilters {
  const given = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as DataExportFilters;
  if (!source.dated && Object.keys(given).length > 0) throw new ApplicationError('DATA_EXPORT_FILTER_UNSUPPORTED', { filters: Object.keys(given) });
  if (given.createdFrom && given.createdTo && Date.parse(given.createdFrom) > Date.parse(given.createdTo)) {
    throw new ApplicationError('DATA_EXPORT_DATES_INVALID', { createdFrom: given.createdFrom, createdTo: given.createdTo });
  }
  return given;
}

export interface StartExport {
  organizationId: string;
  kind: DataExportKind;
  filters: DataExportFilters;
  locale: Locale;
  timeZone: string;
}

/** Checks and stores the export, then queues its job: answered at once, to poll. */
export async function startDataExport(deps: DataExportDeps, principal: Principal, request: StartExport): Promise<DataExportDocument> {
  const accountId = accountOf(principal);
  const organization = await visibleOrganization(deps.documents, principal, request.organizationId);
  const source = deps.sources[request.kind];
  if (!principal.permissions.has(source.permission)) throw new ApplicationError('DATA_EXPORT_KIND_FORBIDDEN', { kind: request.kind });
  const filters = checkedFilters(source, request.filters);
  const storeIds = request.kind === 'items' ? null : await storesOf(deps, organization);
  await ensureExportIndexes(deps);
  await forgetOldExports(deps);
  const now = deps.clock.now();
  const id = deps.ids.uuid();
  const names = await userNames(deps.documents, [principal.userId]);
  const document: DataExportDocument = {
    _id: id,
    accountId,
    organizationId: organization._id,
    organizationName: organization.commonName,
    kind: request.kind,
    filters,
    storeIds,
    createdBy: principal.userId,
    createdByName: principal.userId ? (names.get(principal.userId) ?? null) : null,
    principal: storedPrincipal(principal, accountId),
    locale: request.locale,
    timeZone: request.timeZone,
    status: 'in_progress',
    attempt: 0,
    jobId: exportJobId(id, 0),
    rows: 0,
    bytes: 0,
    fileName: `${request.kind}-${now.slice(0, 10)}.csv`,
    error: null,
    createdAt: now,
    startedAt: null,
    endedAt: null,
    updatedAt: now,
  };
  await dataExports(deps).insert(document);
  await submitAttempt(deps, document);
  return document;
}

/** Queues the job of the export's current attempt (a job of that id already there is left as it is). */
export async function submitAttempt(deps: DataExportDeps, document: DataExportDocument): Promise<void> {
  const principal = principalOf(document.principal);
  const query: ExportQuery = { ...document.filters, storeIds: document.storeIds };
  const total = await deps.sources[document.kind].count(principal, query);
  await deps.jobs.submit(
    { id: document.jobId, kind: DATA_EXPORT_JOB, owner: { accountId: document.accountId, organizationId: document.organizationId, userId: document.createdBy }, total },
    async (control) => {
      await writeFile(deps, document, principal, query, control);
      return { result: { exportId: document._id }, position: null };
    },
  );
}

/** The chunks of the attempts before this one (an interrupted attempt's half file) go, a batch at a time. */
async function dropOtherAttempts(deps: DataExportDeps, document: DataExportDocument, control: JobControl | null): Promise<void> {
  for (;;) {
    const stale = await chunks(deps).find({ exportId: document._id, attempt: { $ne: document.attempt } }, { limit: DELETE_BATCH });
    for (const chunk of stale) await chunks(deps).delete(chunk._id);
    if (stale.length < DELETE_BATCH) return;
    await control?.pause();
  }
}

async function writeFile(deps: DataExportDeps, document: DataExportDocument, principal: Principal, query: ExportQuery, control: JobControl): Promise<void> {
  const startedAt = deps.clock.now();
  const started = { ...document, startedAt, updatedAt: startedAt };
  if (!(await dataExports(deps).replaceWhere(started, { attempt: document.attempt, status: 'in_progress' }))) return;
  await dropOtherAttempts(deps, document, control);
  // This attempt's own chunks too: a job of this attempt that ran before (never: its id is the attempt's) left none.
  const { header, rows } = await deps.sources[document.kind].open(principal, query, document.locale, document.timeZone);
  let seq = 0;
  let written = 0;
  let bytes = 0;
  let pending: string[][] = [header];
  const flush = async () => {
    const data = deps.csv(pending, seq === 0);
    const id = `${document._id}:${document.attempt}:${String(seq).padStart(6, '0')}`;
    await chunks(deps).upsert({ _id: id, exportId: document._id, attempt: document.attempt, seq, data, createdAt: deps.clock.now() });
    seq++;
    bytes += Buffer.byteLength(data);
    pending = [];
    control.progress(written);
    await control.pause();
  };
  for await (const row of rows) {
    pending.push(row);
    written++;
    if (pending.length >= LINES_PER_CHUNK) await flush();
  }
  if (pending.length > 0 || seq === 0) await flush();
  const endedAt = deps.clock.now();
  // Done only if this attempt is still the export's (a restart meanwhile wins).
  await dataExports(deps).replaceWhere({ ...started, status: 'success', rows: written, bytes, endedAt, updatedAt: endedAt }, { attempt: document.attempt, status: 'in_progress' });
}

/** The export if the caller may see it: provider staff, or its own tenant; else 404 DATA_EXPORT_NOT_FOUND. */
export async function visibleExport(deps: Pick<DataExportDeps, 'documents'>, principal: Principal, id: string): Promise<DataExportDocument> {
  const found = await dataExports(deps).get(id);
  if (!found || !(isPlatformStaff(principal) ? principal.accountId === null || principal.accountId === found.accountId : principal.accountId === found.accountId)) {
    throw new ApplicationError('DATA_EXPORT_NOT_FOUND', { exportId: id });
  }
  return found;
}

/** The file of a done export: its name and its chunks (of the attempt that finished), streamed; 409 DATA_EXPORT_NOT_READY before. */
export async function exportFile(deps: DataExportDeps, principal: Principal, id: string): Promise<{ fileName: string; data: AsyncIterable<string> }> {
  const document = await visibleExport(deps, principal, id);
  if (!principal.permissions.has(deps.sources[document.kind].permission)) throw new ApplicationError('DATA_EXPORT_KIND_FORBIDDEN', { kind: document.kind });
  if (document.status !== 'success') throw new ApplicationError('DATA_EXPORT_NOT_READY', { exportId: id, status: document.status });
  return { fileName: document.fileName, data: readChunks(deps, document) };
}

async function* readChunks(deps: DataExportDeps, document: DataExportDocument): AsyncGenerator<string, void, undefined> {
  for (let after = -1; ; ) {
    const batch = await chunks(deps).find({ exportId: document._id, attempt: document.attempt, seq: { $gt: after } }, { sort: [['seq', 1]], limit: CHUNKS_PER_READ });
    for (const chunk of batch) yield chunk.data;
    if (batch.length < CHUNKS_PER_READ) return;
    after = (batch.at(-1) as DataExportChunk).seq;
  }
}

/** Exports older than the retention go with their chunks (a few at a time, as exports start). */
async function forgetOldExports(deps: DataExportDeps): Promise<void> {
  const before = new Date(Date.parse(deps.clock.now()) - DATA_EXPORT_RETENTION_MS).toISOString();
  for (const old of await dataExports(deps).find({ status: { $in: ['success', 'error'] }, updatedAt: { $lt: before } }, { limit: 20 })) {
    await dropOtherAttempts(deps, { ...old, attempt: -1 }, null);
    await dataExports(deps).delete(old._id);
  }
}
