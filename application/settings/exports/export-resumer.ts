import type { BackgroundWorker, WorkerStatus } from '../../ports/background-worker.js';
import { JOB_INTERRUPTED } from '../../jobs/job-queue.js';
import { dataExports, ensureExportIndexes, exportJobId, submitAttempt, type DataExportDeps } from './data-exports.js';
import { DATA_EXPORT_MAX_ATTEMPTS, type DataExportDocument } from './export-document.js';

export interface ExportResumerLogger {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * Starts again the exports whose job was interrupted: at start-up, then at
 * every look (the jobs' heartbeat). An export in progress whose job failed
 * with JOB_INTERRUPTED (its process died, or stopped on purpose), or whose
 * job is gone, takes the next attempt and is written again from the start;
 * after DATA_EXPORT_MAX_ATTEMPTS, or when its job failed for another
 * reason, it ends in `error` with the job's code.
 */
export class ExportResumer implements BackgroundWorker {
  readonly name = 'data-exports';
  private timer: NodeJS.Timeout | null = null;
  private looking: Promise<void> | null = null;

  constructor(
    private readonly deps: DataExportDeps,
    private readonly logger: ExportResumerLogger,
    private readonly options: { intervalMs: number; staleMs: number },
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.look(), this.options.intervalMs);
    this.timer.unref?.();
    void this.look();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.looking;
  }

  async status(): Promise<WorkerStatus> {
    const backlog = await dataExports(this.deps).count({ status: 'in_progress' }, { limit: 10_000 });
    return { backlog, retrying: 0, failed: 0, oldestSeconds: 0 };
  }

  /** One look at the exports in progress (one look at a time). */
  look(): Promise<void> {
    this.looking ??= this.resumeAll()
      .catch((error: unknown) => this.logger.error({ err: error }, 'data exports: the look for interrupted exports failed'))
      .finally(() => {
        this.looking = null;
      });
    return this.looking;
  }

  private async resumeAll(): Promise<void> {
    await ensureExportIndexes(this.deps);
    const open = await dataExports(this.deps).find({ status: 'in_progress' }, { sort: [['updatedAt', 1]], limit: 100 });
    for (const document of open) await this.resume(document);
  }

  private async resume(document: DataExportDocument): Promise<void> {
    const job = await this.deps.jobs.get(document.jobId);
    if (job && (job.status === 'queued' || job.status === 'running')) return;
    const now = this.deps.clock.now();
    if (!job) {
      // Just created (its job is being queued) or long gone: only the latter is interrupted.
      if (Date.parse(now) - Date.parse(document.updatedAt) < this.options.staleMs) return;
    } else if (job.status === 'done') {
      // Its job finished after writing the file: the export says so already, or was restarted meanwhile.
      return;
    } else if (job.error?.code !== JOB_INTERRUPTED || document.attempt + 1 >= DATA_EXPORT_MAX_ATTEMPTS) {
      const failed = { ...document, status: 'error' as const, error: job.error ?? { code: JOB_INTERRUPTED, details: {} }, endedAt: now, updatedAt: now };
      await dataExports(this.deps).replaceWhere(failed, { attempt: document.attempt, status: 'in_progress' });
      return;
    }
    const attempt = document.attempt + 1;
    const next: DataExportDocument = { ...document, attempt, jobId: exportJobId(document._id, attempt), startedAt: null, updatedAt: now };
    if (!(await dataExports(this.deps).replaceWhere(next, { attempt: document.attempt, status: 'in_progress' }))) return;
    this.logger.warn({ exportId: document._id, attempt }, 'data exports: interrupted, written again from the start');
    await submitAttempt(this.deps, next);
  }
}
