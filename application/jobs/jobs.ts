/**
 * Long work a request starts and does not wait for (a large import): a job
 * document says where it stands. Jobs are operational state, like sessions
 * and idempotency answers, not a read model: they are never rebuilt from the
 * events; what a job produces is recorded as events by the job itself.
 */
import { DateTime, Nullable, StringEnum, Type, Uuid, type TSchema } from '../views/schema.js';
import type { Principal } from '../organizations/principal.js';
import { isPlatformStaff } from '../organizations/principal.js';

export const JOBS_COLLECTION = 'jobs';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Who started the job: its tenant (the account), the organization it works for, and the user. */
export interface JobOwner {
  accountId: string | null;
  organizationId: string | null;
  userId: string | null;
}

export interface JobFailure {
  /** A stable error code (the catalogue's), translated when the job is shown. */
  code: string;
  details: Record<string, unknown>;
}

export interface JobDocument<Result = unknown> {
  _id: string;
  /** What the job does (`verification`): the route that shows it reads only its own kind. */
  kind: string;
  status: JobStatus;
  progress: { done: number; total: number };
  result: Result | null;
  error: JobFailure | null;
  owner: JobOwner;
  /** UTC ISO-8601. */
  createdAt: string;
  updatedAt: string;
  /** Refreshed by the process running or holding the job; a queued or running job whose heartbeat stops was interrupted. */
  heartbeatAt: string;
  [key: string]: unknown;
}

/** Whether a principal may see a job: platform staff, or a user of its tenant (a warehouse user: of its warehouse). */
export function canSeeJob(principal: Principal, job: JobDocument): boolean {
  if (isPlatformStaff(principal)) return true;
  if (job.owner.accountId === null || principal.accountId !== job.owner.accountId) return false;
  return principal.module !== 'rps' || principal.organizationId === job.owner.organizationId;
}

/** A job as the API shows it, its result of the given schema once done; a failure translated. */
export function JobView<T extends TSchema>(result: T, title: string) {
  return Type.Object(
    {
      id: Uuid,
      kind: Type.String(),
      status: StringEnum(JOB_STATUSES),
      progress: Type.Object({
        done: Type.Integer({ minimum: 0 }),
        total: Type.Integer({ minimum: 0, description: 'What the job counts (the codes of a verification).' }),
      }),
      result: Nullable(result),
      error: Nullable(
        Type.Object({
          code: Type.String(),
          message: Type.String(),
          details: Type.Record(Type.String(), Type.Unknown()),
        }),
      ),
      createdAt: DateTime,
      updatedAt: DateTime,
    },
    { title, description: 'Work started by a request and done in the background: poll it until `status` is done (with `result`) or failed (with `error`).' },
  );
}

export interface JobViewOf<R> {
  id: string;
  kind: string;
  status: JobStatus;
  progress: { done: number; total: number };
  result: R | null;
  error: { code: string; message: string; details: Record<string, unknown> } | null;
  createdAt: string;
  updatedAt: string;
}

/** The view of a job; `translate` gives a failure's message in the caller's language. */
export function presentJob<R>(job: JobDocument<R>, translate: (code: string, details: Record<string, unknown>) => string): JobViewOf<R> {
  return {
    id: job._id,
    kind: job.kind,
    status: job.status,
    progress: { ...job.progress },
    result: job.status === 'done' ? job.result : null,
    error: job.error ? { code: job.error.code, message: translate(job.error.code, job.error.details), details: job.error.details } : null,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}
