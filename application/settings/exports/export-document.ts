/**
 * An organization's data export (specification 002 §3 "Import and export",
 * issue 23): buybacks, items or payments written as CSV by a job, in
 * chunks, kept a week. Operational state like the catalogue's exports (never
 * rebuilt from the events): what it reads is the lists' read models.
 */
import type { Locale, UserType } from '../../../domain/organizations/events.js';
import type { JobFailure } from '../../jobs/jobs.js';
import type { Permission } from '../../organizations/permissions.js';
import type { Principal } from '../../organizations/principal.js';

export const DATA_EXPORTS_COLLECTION = 'settings_data_exports';
export const DATA_EXPORT_CHUNKS_COLLECTION = 'settings_data_export_chunks';
export const DATA_EXPORT_JOB = 'settings_data_export';
export const DATA_EXPORT_PERMISSION = 'export.manage' as Permission;

export const DATA_EXPORT_KINDS = ['buybacks', 'items', 'payments'] as const;
export type DataExportKind = (typeof DATA_EXPORT_KINDS)[number];
/** The specification's export statuses: in progress, then success or error. */
export const DATA_EXPORT_STATUSES = ['in_progress', 'success', 'error'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** An export interrupted this many times (its process died each time) ends in error. */
export const DATA_EXPORT_MAX_ATTEMPTS = 5;
/** Exports and their files are forgotten after a week. */
export const DATA_EXPORT_RETENTION_MS = 7 * 24 * 3600 * 1000;

/** The filters an export may carry: creation dates (buybacks, payments). */
export interface DataExportFilters {
  createdFrom?: string;
  createdTo?: string;
}

/** The caller as the export was asked for: a restart after a crash reads what they could see then. */
export interface StoredPrincipal {
  userId: string | null;
  accountId: string;
  module: Principal['module'];
  userType: UserType;
  organizationId: string | null;
  permissions: string[];
  visibleStoreIds: string[] | null;
}

export interface DataExportDocument {
  _id: string;
  accountId: string;
  organizationId: string;
  organizationName: string;
  kind: DataExportKind;
  filters: DataExportFilters;
  /** The stores the organization covers (null: the whole account, its root). */
  storeIds: string[] | null;
  createdBy: string | null;
  createdByName: string | null;
  principal: StoredPrincipal;
  locale: Locale;
  timeZone: string;
  status: DataExportStatus;
  /** 0 first; each restart after an interruption takes the next, and writes its own chunks. */
  attempt: number;
  jobId: string;
  rows: number;
  bytes: number;
  fileName: string;
  error: JobFailure | null;
  createdAt: string;
  startedAt: string | null;
  endedAt: string | null;
  updatedAt: string;
  [key: string]: unknown;
}

export interface DataExportChunk {
  _id: string;
  exportId: string;
  attempt: number;
  seq: number;
  data: string;
  createdAt: string;
  [key: string]: unknown;
}

export function storedPrincipal(principal: Principal, accountId: string): StoredPrincipal {
  return {
    userId: principal.userId,
    accountId,
    module: principal.module,
    userType: principal.userType,
    organizationId: principal.organizationId,
    permissions: [...principal.permissions],
    visibleStoreIds: principal.visibleStoreIds ? [...principal.visibleStoreIds] : null,
  };
}

export function principalOf(stored: StoredPrincipal): Principal {
  return { kind: 'user', ...stored, permissions: new Set(stored.permissions as Permission[]) };
}
