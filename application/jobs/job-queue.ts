import type { BackgroundWorker, WorkerStatus } from '../ports/background-worker.js';
import type { Clock } from '../ports/clock.js';
import type { Collection, DocumentStore, IndexSpec } from '../ports/document-store.js';
import { JOBS_COLLECTION, type JobDocument, type JobFailure, type JobOwner } from './jobs.js';

/** What a job's work is given: where it stands, and its turns on the event loop. */
export interface JobControl {
  /** How many of its `total` units are done (the first at once, then written to the job document at most every PROGRESS_WRITE_MS). */
  progress(done: number): void;
  /** Gives the event loop back to everyone else; call it between slices of a few milliseconds. Throws when the process stops. */
  pause(): Promise<void>;
}

/** What a job's work answers: its result, and the global position of the events it wrote (null: none). */
export interface JobOutcome<R> {
  result: R;
  position: number | null;
}

export type JobWork<R> = (control: JobControl) => Promise<JobOutcome<R>>;

export interface JobSpec {
  id: string;
  kind: string;
  owner: JobOwner;
  total: number;
}

export interface JobQueueLogger {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface JobQueueOptions {
  /** How often this process refreshes the heartbeat of the jobs it holds, and looks for interrupted ones. */
  heartbeatMs: number;
  /** A queued or running job whose heartbeat is older than this was interrupted (its process died): failed with JOB_INTERRUPTED. */
  staleMs: number;
  /** Finished jobs are forgotten after this long. */
  retentionMs: number;
}

const DEFAULT_OPTIONS: JobQueueOptions = { heartbeatMs: 5_000, staleMs: 20_000, retentionMs: 7 * 24 * 3600 * 1000 };
const PROGRESS_WRITE_MS = 200;
const MAX_REST_MS = 20;
/** Codes a job fails with when the platform, not its input, stopped it. */
export const JOB_INTERRUPTED = 'JOB_INTERRUPTED';
export const JOB_FAILED = 'JOB_FAILED';

const INDEXES: IndexSpec[] = [
  { name: 'by_status_heartbeat', fields: [['status', 1], ['heartbeatAt', 1]] },
  { name: 'by_status_created', fields: [['status', 1], ['createdAt', 1]] },
  { name: 'by_updated', fields: [['updatedAt', 1]] },
];

class JobStopped extends Error {}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
/** A timer, not setImmediate: the loop may sleep meanwhile (setImmediate would keep it busy). */
const rest = (workedMs: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.min(MAX_REST_MS, Math.max(1, Math.ceil(workedMs)))));

interface Held {
  document: JobDocument;
  work: JobWork<unknown>;
}

/**
 * Runs jobs in this process, one at a time, in the order they came. The
 * event loop is single: two jobs at once would not finish sooner, and their
 * slices would queue behind each other in one turn of the loop; one at a
 * time, a request waits at most one slice. The job's work yields between its
 * slices (`pause`), so no slice holds the loop for more than a few ms.
 *
 * A job's input lives in memory only (a file is not kept at rest): a job
 * whose process died cannot be resumed. Every holder refreshes its jobs'
 * heartbeat; any process finds a queued or running job whose heartbeat
 * stopped and fails it with JOB_INTERRUPTED (the client sends the file
 * again). A process stopping on purpose fails its own at once.
 */
export class JobQueue implements BackgroundWorker {
  readonly name = 'jobs';
  /** A job's input is held in memory by the process that accepted it: it runs there. */
  readonly perProcess = true;
  private readonly options: JobQueueOptions;
  private readonly held = new Map<string, Held>();
  private readonly waiting: Held[] = [];
  private active: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;

  constructor(
    private readonly documents: DocumentStore,
    private readonly clock: Clock,
    private readonly logger: JobQueueLogger,
    /** Waits until what a job wrote can be read (the read models have applied it), bounded. */
    private readonly readYourWrites: (position: number) => Promise<void>,
    options: Partial<JobQueueOptions> = {},
  ) {
    this.options = { ...DEFAULT_OPTIONS, ...options };
  }

  private get jobs(): Collection<JobDocument> {
    return this.documents.collection<JobDocument>(JOBS_COLLECTION);
  }

  /**
   * Queues a job, unless one with its id exists (a retry of the same
   * request): that one is answered as it stands and nothing is started.
   */
  async submit<R>(spec: JobSpec, work: JobWork<R>): Promise<{ job: JobDocument<R>; created: boolean }> {
    const now = this.clock.now();
    const document: JobDocument = {
      _id: spec.id,
      kind: spec.kind,
      status: 'queued',
      progress: { done: 0, total: spec.total },
      result: null,
      error: null,
      owner: spec.owner,
      createdAt: now,
      updatedAt: now,
      heartbeatAt: now,
    };
    if (!(await this.jobs.insert(document))) {
      const existing = await this.jobs.get(spec.id);
      if (existing) return { job: existing as JobDocument<R>, created: false };
    }
    const held = { document, work: work as JobWork<unknown> };
    this.held.set(spec.id, held);
    // A copy, as it was stored: the queue keeps changing its own as the job runs.
    const queued = { ...document, progress: { ...document.progress } } as JobDocument<R>;
    this.waiting.push(held);
    this.drain();
    return { job: queued, created: true };
  }

  async get(id: string): Promise<JobDocument | null> {
    return this.jobs.get(id);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.jobs
      .ensureIndexes(INDEXES)
      .then(() => this.sweep())
      .catch((error: unknown) => this.logger.error({ err: error }, 'jobs: first sweep failed'));
    this.timer = setInterval(() => {
      void this.beat().catch((error: unknown) => this.logger.error({ err: error }, 'jobs: heartbeat failed'));
    }, this.options.heartbeatMs);
    this.timer.unref?.();
    this.drain();
  }

  /** Stops taking jobs; the running one stops at its next pause, and every job held here fails with JOB_INTERRUPTED. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.active?.catch(() => undefined);
    for (const held of this.waiting.splice(0)) await this.finish(held, { status: 'failed', error: { code: JOB_INTERRUPTED, details: {} } }).catch(() => undefined);
  }

  /** Jobs waiting or running (all processes), those interrupted or failed by a fault, and the oldest one's wait. */
  async status(): Promise<WorkerStatus> {
    const open = { status: { $in: ['queued', 'running'] } };
    const [backlog, failed, [oldest]] = await Promise.all([
      this.jobs.count(open),
      this.jobs.count({ status: 'failed', 'error.code': { $in: [JOB_INTERRUPTED, JOB_FAILED] } }),
      this.jobs.find(open, { sort: [['createdAt', 1]], limit: 1 }),
    ]);
    const oldestSeconds = oldest ? Math.max(0, Math.round((Date.parse(this.clock.now()) - Date.parse(oldest.createdAt)) / 1000)) : 0;
    return { backlog, retrying: 0, failed, oldestSeconds };
  }

  /** Resolves once nothing is queued or running here (tests, benchmarks). */
  async idle(): Promise<void> {
    while (this.active || this.waiting.length > 0) await (this.active ?? yieldToLoop());
  }

  private drain(): void {
    if (this.active || this.stopped) return;
    const next = this.waiting.shift();
    if (!next) return;
    this.active = this.run(next).finally(() => {
      this.active = null;
      this.drain();
    });
  }

  private async run(held: Held): Promise<void> {
    const { document } = held;
    await this.save(document, { status: 'running' });
    let written = Date.now();
    let writtenDone = 0;
    let sliceStarted = performance.now();
    const control: JobControl = {
      progress: (done) => {
        document.progress = { done: Math.max(0, Math.min(done, document.progress.total)), total: document.progress.total };
      },
      pause: async () => {
        // Idle at least as long as the slice worked: a job takes at most about half of the event loop, so the
        // process never looks CPU-bound to the OS, which then runs it as soon as a request comes in.
        await rest(performance.now() - sliceStarted);
        sliceStarted = performance.now();
        if (this.stopped) throw new JobStopped();
        // The first progress is written at once (a short job shows it too), then at most every PROGRESS_WRITE_MS.
        const changed = document.progress.done !== writtenDone;
        if (changed && (writtenDone === 0 || Date.now() - written >= PROGRESS_WRITE_MS)) {
          written = Date.now();
          writtenDone = document.progress.done;
          await this.save(document, {});
        }
      },
    };
    try {
      const { result, position } = await held.work(control);
      if (position !== null) await this.readYourWrites(position);
      await this.finish(held, { status: 'done', result, progress: { done: document.progress.total, total: document.progress.total } });
    } catch (error) {
      await this.finish(held, { status: 'failed', error: this.failureOf(error, document) }).catch((e: unknown) =>
        this.logger.error({ err: e, jobId: document._id }, 'jobs: the failure could not be recorded'),
      );
    }
  }

  /** A refusal keeps its code and details (the file's line…); anything else is a fault, logged, shown as JOB_FAILED. */
  private failureOf(error: unknown, document: JobDocument): JobFailure {
    if (error instanceof JobStopped) return { code: JOB_INTERRUPTED, details: {} };
    const { code, details } = (error ?? {}) as { code?: unknown; details?: unknown };
    const refusal = error instanceof Error && typeof code === 'string' && /^[A-Z][A-Z0-9_]+$/.test(code) && typeof details === 'object' && details !== null;
    if (refusal) return { code, details: details as Record<string, unknown> };
    this.logger.error({ err: error, jobId: document._id, kind: document.kind }, 'job failed');
    return { code: JOB_FAILED, details: {} };
  }

  private async finish(held: Held, patch: Partial<JobDocument>): Promise<void> {
    this.held.delete(held.document._id);
    await this.save(held.document, patch);
  }

  private async save(document: JobDocument, patch: Partial<JobDocument>): Promise<void> {
    const now = this.clock.now();
    Object.assign(document, patch, { updatedAt: now, heartbeatAt: now });
    await this.jobs.upsert({ ...document, progress: { ...document.progress } });
  }

  /** Refreshes the heartbeat of the jobs held here, then fails the ones whose holder died. */
  private async beat(): Promise<void> {
    for (const held of [...this.held.values()]) if (held.document.status === 'queued') await this.save(held.document, {});
    await this.sweep();
  }

  private async sweep(): Promise<void> {
    const now = this.clock.now();
    const staleBefore = new Date(Date.parse(now) - this.options.staleMs).toISOString();
    const stale = await this.jobs.find({ status: { $in: ['queued', 'running'] }, heartbeatAt: { $lt: staleBefore } }, { limit: 100 });
    for (const job of stale) {
      if (this.held.has(job._id)) continue;
      const failed: JobDocument = { ...job, status: 'failed', error: { code: JOB_INTERRUPTED, details: {} }, updatedAt: now };
      // Only if its holder did not come back meanwhile.
      if (await this.jobs.replaceWhere(failed, { status: job.status, heartbeatAt: job.heartbeatAt })) {
        this.logger.warn({ jobId: job._id, kind: job.kind }, 'jobs: interrupted (its process stopped), marked failed');
      }
    }
    const forgetBefore = new Date(Date.parse(now) - this.options.retentionMs).toISOString();
    const old = await this.jobs.find({ status: { $in: ['done', 'failed'] }, updatedAt: { $lt: forgetBefore } }, { limit: 100 });
    for (const job of old) await this.jobs.delete(job._id);
  }
}
