import { timingSafeEqual } from 'node:crypto';
import { ApplicationError } from '../../commands/errors.js';
import type { JobControl } from '../../jobs/job-queue.js';
import { canSeeJob, type JobDocument } from '../../jobs/jobs.js';
import { findAll } from '../../lists/paged-query.js';
import type { Principal } from '../../organizations/principal.js';
import type { IndexSpec, StoredDocument } from '../../ports/document-store.js';
import type { LinkSecrets } from '../../ports/link-secrets.js';
import { CATALOG_COLLECTIONS } from '../read-models.js';
import { productLine } from './product-line.js';
import { CATALOG_EXPORT_CHUNKS_COLLECTION, catalogTenantOf, type TransferDeps } from './transfer-document.js';
import { COLUMNS_OF, categoryLine, csvText, questionLines, type ExportKind } from './transfer-columns.js';

/**
 * A catalogue export: a job reads the tenant's products, categories or
 * questions from the read model a batch at a time and writes the CSV in
 * chunks of a few hundred lines (documents of their own), so memory stays
 * flat whatever the catalogue's size; the download streams the chunks in
 * order. The download's link is signed (an HMAC of the export and its
 * expiry, as the buybacks' documents links): it opens that file for an hour,
 * to whoever holds it, and is given only to the export's tenant. Chunks are
 * forgotten after a day.
 */
export const exportJobKind = (kind: ExportKind) => `catalog_export_${kind.replace(/-/g, '_')}`;
export const EXPORT_LINK_TTL_SECONDS = 3600;
export const EXPORT_RETENTION_MS = 24 * 3600 * 1000;
/** Lines per chunk: about 100 kB of CSV for products. */
const LINES_PER_CHUNK = 500;
const CHUNKS_PER_READ = 8;

export interface ExportResult {
  entries: number;
  lines: number;
  chunks: number;
  bytes: number;
  fileName: string;
}

interface ChunkDocument extends StoredDocument {
  _id: string;
  exportId: string;
  accountId: string;
  seq: number;
  data: string;
  createdAt: string;
}

const CHUNK_INDEXES: IndexSpec[] = [
  { name: 'by_export_seq', fields: [['exportId', 1], ['seq', 1]] },
  { name: 'by_created', fields: [['createdAt', 1]] },
];
const indexed = new WeakMap<object, Promise<void>>();
const chunks = (deps: Pick<TransferDeps, 'documents'>) => deps.documents.collection<ChunkDocument>(CATALOG_EXPORT_CHUNKS_COLLECTION);

function ensureChunkIndexes(deps: Pick<TransferDeps, 'documents'>): Promise<void> {
  let done = indexed.get(deps.documents);
  if (!done) {
    done = chunks(deps).ensureIndexes(CHUNK_INDEXES);
    indexed.set(deps.documents, done);
  }
  return done;
}

const COLLECTION_OF: Record<ExportKind, string> = {
  products: CATALOG_COLLECTIONS.products,
  categories: CATALOG_COLLECTIONS.categories,
  'diagnostic-questions': CATALOG_COLLECTIONS.questions,
};

/** Starts an export of the caller's tenant's `kind`: 202 with its job, to poll. */
export async function startExport(deps: TransferDeps, principal: Principal, kind: ExportKind): Promise<JobDocument<ExportResult>> {
  const accountId = catalogTenantOf(principal);
  await ensureChunkIndexes(deps);
  await forgetOldChunks(deps);
  const total = await deps.documents.collection(COLLECTION_OF[kind]).count({ accountId }, { limit: 1_000_000 });
  const id = deps.ids.uuid();
  const { job } = await deps.jobs.submit<ExportResult>(
    { id, kind: exportJobKind(kind), owner: { accountId, organizationId: principal.organizationId, userId: principal.userId }, total },
    async (control) => ({ result: await writeExport(deps, id, accountId, kind, control), position: null }),
  );
  return job;
}

async function writeExport(deps: TransferDeps, exportId: string, accountId: string, kind: ExportKind, control: JobControl): Promise<ExportResult> {
  const identifiers = kind === 'products' ? await categoryIdentifiers(deps, accountId) : new Map<string, string>();
  const result: ExportResult = { entries: 0, lines: 0, chunks: 0, bytes: 0, fileName: `${kind}-${deps.clock.now().slice(0, 10)}.csv` };
  let pending: string[][] = [[...COLUMNS_OF[kind]]];
  const flush = async () => {
    const data = csvText(pending, result.chunks === 0);
    await chunks(deps).upsert({ _id: `${exportId}:${String(result.chunks).padStart(6, '0')}`, exportId, accountId, seq: result.chunks, data, createdAt: deps.clock.now() });
    result.chunks++;
    result.bytes += Buffer.byteLength(data);
    pending = [];
    control.progress(result.entries);
    await control.pause();
  };
  for await (const document of findAll(deps.bulkReads.collection<StoredDocument>(COLLECTION_OF[kind]), { accountId }, [['_id', 1]])) {
    const lines = kind === 'products' ? [productLine(document, identifiers)] : kind === 'categories' ? [categoryLine(document)] : questionLines(document);
    pending.push(...lines);
    result.entries++;
    result.lines += lines.length;
    if (pending.length >= LINES_PER_CHUNK) await flush();
  }
  if (pending.length > 0 || result.chunks === 0) await flush();
  return result;
}

async function categoryIdentifiers(deps: TransferDeps, accountId: string): Promise<Map<string, string>> {
  const identifiers = new Map<string, string>();
  for await (const category of findAll(deps.bulkReads.collection<StoredDocument & { identifier?: string }>(CATALOG_COLLECTIONS.categories), { accountId }, [['_id', 1]])) {
    if (typeof category.identifier === 'string') identifiers.set(category._id, category.identifier);
  }
  return identifiers;
}

/** Chunks older than a day are deleted (a few hundred at a time, as exports start). */
async function forgetOldChunks(deps: TransferDeps): Promise<void> {
  const before = new Date(Date.parse(deps.clock.now()) - EXPORT_RETENTION_MS).toISOString();
  for (const chunk of await chunks(deps).find({ createdAt: { $lt: before } }, { limit: 500 })) await chunks(deps).delete(chunk._id);
}

/** The export's job if the caller may see it and it is of `kind`, else 404 CATALOG_EXPORT_NOT_FOUND. */
export async function visibleExport(deps: Pick<TransferDeps, 'jobs'>, principal: Principal, kind: ExportKind, id: string): Promise<JobDocument<ExportResult>> {
  const job = await deps.jobs.get(id);
  if (!job || job.kind !== exportJobKind(kind) || !canSeeJob(principal, job)) throw new ApplicationError('CATALOG_EXPORT_NOT_FOUND', { exportId: id });
  return job as JobDocument<ExportResult>;
}

/** A signed link's token for the export's file: `<expiry>.<signature>`, valid EXPORT_LINK_TTL_SECONDS (never past the file's retention). */
export function exportToken(linkSecrets: LinkSecrets, job: JobDocument, now: string): { token: string; expiresAt: string } {
  const kept = Math.floor((Date.parse(job.updatedAt) + EXPORT_RETENTION_MS) / 1000);
  const expiry = Math.min(Math.floor(Date.parse(now) / 1000) + EXPORT_LINK_TTL_SECONDS, kept);
  return { token: `${expiry}.${signature(linkSecrets, job._id, expiry)}`, expiresAt: new Date(expiry * 1000).toISOString() };
}

const signature = (linkSecrets: LinkSecrets, exportId: string, expiry: number) => linkSecrets.secretFor(`catalog-export:v1:${exportId}:${expiry}`);
const TOKEN = /^(?<expiry>\d{1,12})\.(?<signature>[A-Za-z0-9_-]{43})$/;

/** The file of a done export whose link `token` opens: its name and its chunks, streamed; 404 CATALOG_EXPORT_LINK_INVALID, 410 CATALOG_EXPORT_LINK_EXPIRED. */
export async function exportFile(deps: TransferDeps, id: string, token: string | undefined): Promise<{ fileName: string; data: AsyncIterable<string> }> {
  const match = TOKEN.exec(token ?? '');
  const given = Buffer.from(match?.groups?.signature ?? '');
  const expiry = Number(match?.groups?.expiry ?? 0);
  const expected = Buffer.from(signature(deps.linkSecrets, id, expiry));
  if (!match || given.length !== expected.length || !timingSafeEqual(given, expected)) throw new ApplicationError('CATALOG_EXPORT_LINK_INVALID', { exportId: id });
  if (expiry <= Math.floor(Date.parse(deps.clock.now()) / 1000)) throw new ApplicationError('CATALOG_EXPORT_LINK_EXPIRED', { exportId: id });
  const job = (await deps.jobs.get(id)) as JobDocument<ExportResult> | null;
  if (!job?.kind.startsWith('catalog_export_') || job.status !== 'done' || !job.result) throw new ApplicationError('CATALOG_EXPORT_LINK_INVALID', { exportId: id });
  return { fileName: job.result.fileName, data: readChunks(deps, id) };
}

async function* readChunks(deps: TransferDeps, exportId: string): AsyncGenerator<string, void, undefined> {
  for (let after = -1; ; ) {
    const batch = await chunks(deps).find({ exportId, seq: { $gt: after } }, { sort: [['seq', 1]], limit: CHUNKS_PER_READ });
    for (const chunk of batch) yield chunk.data;
    if (batch.length < CHUNKS_PER_READ) return;
    after = (batch.at(-1) as ChunkDocument).seq;
  }
}
