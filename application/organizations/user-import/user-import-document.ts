import { derivedId } from '../../../domain/shared/derived-id.js';
import type { Locale } from '../../../domain/organizations/events.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { JobDocument, JobFailure } from '../../jobs/jobs.js';
import type { Clock, IdGenerator } from '../../ports/clock.js';
import type { DocumentStore } from '../../ports/document-store.js';
import type { EventStore } from '../../ports/event-store.js';
import type { CreateUserInput, UserOutcome } from '../users/create-user.js';
import type { UserActor } from '../users/user-ports.js';
import type { UserImportRow } from './user-import-rows.js';
import type { UserImportReport, UserImportSkipReason } from './user-import-run.js';

/** A users import's stored state, what its work needs, and the id a row's user gets. */
export const USER_IMPORTS_COLLECTION = 'user_imports';
/** One document per row of a file: a page of the preview is a query, and no request reads a whole file's rows. */
export const USER_IMPORT_ROWS_COLLECTION = 'user_import_rows';
export const USER_IMPORT_VALIDATION_JOB = 'user_import_validation';
export const USER_IMPORT_RUN_JOB = 'user_import_run';

/** As stored; `interrupted` is never stored: a validating or running import whose job failed (its process died) shows it. */
export type StoredImportStatus = 'validating' | 'ready' | 'failed' | 'running' | 'done';
export type UserImportStatus = StoredImportStatus | 'interrupted';

export interface UserImportDocument {
  _id: string;
  accountId: string;
  createdBy: string | null;
  fileName: string | null;
  status: StoredImportStatus;
  counts: { rows: number; valid: number; invalid: number };
  /** Why the file was refused while it was read through (a broken CSV: its line). */
  error: JobFailure | null;
  /** The job now (or last) working on it: the validation, then each run. */
  jobId: string;
  runs: number;
  report: UserImportReport | null;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

export interface UserImportDeps {
  eventStore: EventStore;
  documents: DocumentStore;
  clock: Clock;
  ids: IdGenerator;
  jobs: JobQueue;
  /** The users part's creation (application/organizations/users/create-user.ts). */
  createUser(input: CreateUserInput, actor: UserActor): Promise<UserOutcome>;
  /** Sends a created user their invitation (null: not available, nobody is invited). */
  invite: ((userId: string, locale: Locale, actor: UserActor) => Promise<void>) | null;
  /** Waits (bounded) until the read models have applied the events up to `position`. */
  caughtUp(position: number): Promise<void>;
}

/** A row as stored: its import, whether it passed the checks, and what the last run did with it. */
export interface UserImportRowDocument extends UserImportRow {
  _id: string;
  importId: string;
  valid: boolean;
  outcome: { status: 'created' | 'already_created' | 'skipped'; userId: string | null; reasons: UserImportSkipReason[] } | null;
  [key: string]: unknown;
}

export const rowDocumentId = (importId: string, line: number) => `${importId}:${String(line).padStart(5, '0')}`;

/** The user a row creates: derived from the import and the row's line, so a run done again names the same user. */
export function importedUserId(importId: string, line: number): string {
  return derivedId(`user-import:${importId}:${line}`);
}

/** What the import's state is: a validating or running one whose job failed or is gone (its process died, a fault) was interrupted. */
export function effectiveStatus(document: UserImportDocument, job: JobDocument | null): UserImportStatus {
  const working = document.status === 'validating' || document.status === 'running';
  return working && (job === null || job.status === 'failed') ? 'interrupted' : document.status;
}
