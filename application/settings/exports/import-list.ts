/**
 * Every import of an organization's account in one list (specification 002
 * §2 `/imports/{organizationId}`, §3 "Import and export"): the catalogue's
 * products imports (uploaded, or dropped on the SFTP server) and the users
 * imports, each read from its own collection and merged newest first.
 * Imports belong to the account (a catalogue is the retailer's), so any of
 * its organizations lists them all.
 */
import { effectiveStatus as catalogStatus, imports as catalogImports } from '../../catalog/transfer/catalog-imports.js';
import type { CatalogImportDocument } from '../../catalog/transfer/transfer-document.js';
import type { JobDocument } from '../../jobs/jobs.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { PageRequest } from '../../lists/paged-query.js';
import { effectiveStatus as userStatus, USER_IMPORTS_COLLECTION, type UserImportDocument } from '../../organizations/user-import/user-import-document.js';
import { visibleOrganization } from '../../organizations/entities/entity-lookup.js';
import type { Principal } from '../../organizations/principal.js';
import { userNames } from '../../organizations/user-names.js';
import type { DocumentStore } from '../../ports/document-store.js';
import type { ListPage } from '../../views/schema.js';
import type { IMPORT_DESTINATIONS, IMPORT_SOURCES, ImportEntry } from './import-entry.js';

export { IMPORT_DESTINATIONS, IMPORT_LIST_STATUSES, IMPORT_SOURCES, type ImportEntry } from './import-entry.js';

/** The merged list reads at most this many of each kind: past it, a page is empty (narrow by destination or source). */
export const IMPORT_LIST_DEPTH = 2_000;

export interface ImportListFilters {
  organizationId: string;
  destination?: (typeof IMPORT_DESTINATIONS)[number];
  source?: (typeof IMPORT_SOURCES)[number];
}

function catalogEntry(document: CatalogImportDocument, job: JobDocument | null): ImportEntry {
  const { status, error } = catalogStatus(document, job);
  const { found, inserted, updated, unchanged, ignored } = document.counts;
  return {
    id: document._id,
    destination: 'products',
    source: document.source === 'sftp' ? 'sftp' : 'upload',
    fileName: document.fileName,
    status,
    createdBy: document.createdBy,
    createdAt: document.createdAt,
    queuedAt: document.queuedAt,
    startedAt: document.startedAt,
    endedAt: document.endedAt,
    counts: { read: found, created: inserted, changed: updated, unchanged, refused: ignored },
    progress: status === 'in_progress' && job ? { ...job.progress } : null,
    error,
  };
}

function userEntry(document: UserImportDocument, job: JobDocument | null): ImportEntry {
  const state = userStatus(document, job);
  const report = document.report;
  const status =
    state === 'validating' || state === 'running'
      ? 'in_progress'
      : state === 'ready'
        ? 'awaiting_run'
        : state === 'done'
          ? (report?.skipped ?? 0) > 0
            ? 'success_with_ignored'
            : 'success'
          : 'error';
  return {
    id: document._id,
    destination: 'users',
    source: 'upload',
    fileName: document.fileName,
    status,
    createdBy: document.createdBy,
    createdAt: document.createdAt,
    queuedAt: document.createdAt,
    startedAt: job && job._id === document.jobId && job.status !== 'queued' ? job.createdAt : null,
    endedAt: report?.finishedAt ?? (status === 'error' ? document.updatedAt : null),
    counts: { read: document.counts.rows, created: report?.created ?? 0, changed: 0, unchanged: report?.alreadyCreated ?? 0, refused: report ? report.skipped : document.counts.invalid },
    progress: status === 'in_progress' && job ? { ...job.progress } : null,
    error: status === 'error' ? (document.error ?? job?.error ?? { code: 'JOB_INTERRUPTED', details: {} }) : null,
  };
}

/** A page of the organization's account's imports, newest first, with who started each (their name). */
export async function importsOfOrganization(
  deps: { documents: DocumentStore; jobs: JobQueue },
  principal: Principal,
  query: ImportListFilters & PageRequest,
): Promise<ListPage<ImportEntry & { createdByName: string | null }>> {
  const organization = await visibleOrganization(deps.documents, principal, query.organizationId);
  const accountId = organization.accountId;
  const offset = (query.page - 1) * query.itemsPerPage;
  const depth = Math.min(offset + query.itemsPerPage + 1, IMPORT_LIST_DEPTH);
  const wantProducts = query.destination !== 'users';
  const wantUsers = query.destination !== 'products' && query.source !== 'sftp';
  // An SFTP attempt taken over by the next one is not listed: the file has one report.
  const listed = { accountId, supersededBy: { $exists: false } };
  const productFilter = query.source === 'sftp' ? { ...listed, source: 'sftp' } : query.source === 'upload' ? { ...listed, source: { $exists: false } } : listed;
  const [products, users, productCount, userCount] = await Promise.all([
    wantProducts ? catalogImports(deps).find(productFilter, { sort: [['createdAt', -1]], limit: depth }) : [],
    wantUsers ? deps.documents.collection<UserImportDocument>(USER_IMPORTS_COLLECTION).find({ accountId }, { sort: [['createdAt', -1]], limit: depth }) : [],
    wantProducts ? catalogImports(deps).count(productFilter, { limit: IMPORT_LIST_DEPTH }) : 0,
    wantUsers ? deps.documents.collection<UserImportDocument>(USER_IMPORTS_COLLECTION).count({ accountId }, { limit: IMPORT_LIST_DEPTH }) : 0,
  ]);
  const merged = [...products.map((d) => ({ kind: 'products' as const, d })), ...users.map((d) => ({ kind: 'users' as const, d }))].sort((a, b) =>
    a.d.createdAt < b.d.createdAt ? 1 : a.d.createdAt > b.d.createdAt ? -1 : 0,
  );
  const slice = merged.slice(offset, offset + query.itemsPerPage);
  const items = await Promise.all(
    slice.map(async ({ kind, d }) => {
      if (kind === 'products') return catalogEntry(d, d.status === 'in_progress' ? await deps.jobs.get(d._id) : null);
      const user = d as UserImportDocument;
      return userEntry(user, user.status === 'validating' || user.status === 'running' || user.report === null ? await deps.jobs.get(user.jobId) : null);
    }),
  );
  const names = await userNames(deps.documents, items.map((item) => item.createdBy));
  const total = productCount + userCount;
  return {
    items: items.map((item) => ({ ...item, createdByName: item.createdBy ? (names.get(item.createdBy) ?? null) : null })),
    totalItems: total,
    totalItemsIsLowerBound: productCount >= IMPORT_LIST_DEPTH || userCount >= IMPORT_LIST_DEPTH,
    hasNextPage: merged.length > offset + query.itemsPerPage,
    page: query.page,
    itemsPerPage: query.itemsPerPage,
  };
}
