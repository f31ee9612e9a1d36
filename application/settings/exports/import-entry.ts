/** An entry of the imports list (its constants and shape, free of the stores: the screens read them through the views). */
import type { JobFailure } from '../../jobs/jobs.js';

export const IMPORT_DESTINATIONS = ['products', 'users'] as const;
export const IMPORT_SOURCES = ['upload', 'sftp'] as const;
/** The specification's import statuses, and `awaiting_run`: a users import checked, waiting for someone to run it. */
export const IMPORT_LIST_STATUSES = ['in_progress', 'awaiting_run', 'success', 'success_with_ignored', 'error'] as const;
export interface ImportEntry {
  id: string;
  destination: (typeof IMPORT_DESTINATIONS)[number];
  source: (typeof IMPORT_SOURCES)[number];
  fileName: string | null;
  status: (typeof IMPORT_LIST_STATUSES)[number];
  createdBy: string | null;
  createdAt: string;
  queuedAt: string;
  startedAt: string | null;
  endedAt: string | null;
  counts: { read: number; created: number; changed: number; unchanged: number; refused: number };
  progress: { done: number; total: number } | null;
  error: JobFailure | null;
}
