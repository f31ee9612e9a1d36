/**
 * Rebuilds as support staff ask for them: one at a time (each replays the
 * whole log), at most one queued or running per projection (a second request
 * is refused, REBUILD_ALREADY_RUNNING), each with its progress, and every
 * step (started, finished, failed) logged and kept with who asked and when
 * in SUPPORT_ACTIONS_COLLECTION. The rebuild itself is the runner's
 * blue-green one: the old read model serves until the new one has caught up.
 */
import { DomainError } from '../../domain/shared/domain-error.js';
import type { Clock, IdGenerator } from '../ports/clock.js';
import type { DocumentStore } from '../ports/document-store.js';
import type { RebuildProgress, RebuildProgressListener } from '../projections/rebuild.js';
import { RebuildClaims } from './rebuild-claims.js';

/** What support did, newest kept: not a read model (a rebuild never drops it). */
export const SUPPORT_ACTIONS_COLLECTION = 'support_actions';
/** Finished rebuilds remembered in memory for the support page (the actions collection keeps them all). */
const FINISHED_KEPT = 50;

export const REBUILD_ALREADY_RUNNING = 'REBUILD_ALREADY_RUNNING';
/**
 * The rebuilds asked for on an `api` replica and run by the `projector`
 * (issue 25): one document per rebuild, its progress written as it goes, so
 * that every replica reads it. Not a read model (a rebuild never drops it).
 */
export const REBUILD_REQUESTS_COLLECTION = 'rebuild_requests';
/** How often the shared rebuilds are looked at, and their progress written at most. */
const SHARED_POLL_MS = 500;

/**
 * Where the rebuilds run. Without it (the embedded default), here, from a
 * queue in memory. `request`: an `api` replica keeps them in
 * REBUILD_REQUESTS_COLLECTION and reads them back; `run`: the projector runs
 * the ones queued there (while `canRun()`: while it holds its lease), and
 * takes over one whose projector died while running it.
 */
export interface SharedRebuilds {
  mode: 'request' | 'run';
  canRun?: () => boolean;
  pollMs?: number;
}

type RebuildRequestDocument = RebuildJob & { _id: string; [key: string]: unknown };

/** Who asked: the user's id and, for people reading the page, their name. */
export interface SupportActor {
  userId: string | null;
  name: string | null;
}

export type RebuildStatus = 'queued' | 'running' | 'finished' | 'failed';

export interface RebuildJob {
  id: string;
  projection: string;
  status: RebuildStatus;
  stage: RebuildProgress['stage'] | null;
  events: number;
  total: number;
  /** The log position the rebuilt read model reached (once finished). */
  position: number | null;
  requestedBy: SupportActor;
  requestedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** The failure's message (no personal data: a store or log error). */
  error: string | null;
}

export type SupportActionKind = 'rebuild_started' | 'rebuild_finished' | 'rebuild_failed';

export interface SupportActionDocument {
  _id: string;
  action: SupportActionKind;
  at: string;
  by: SupportActor;
  projection: string;
  rebuildId: string;
  events: number | null;
  durationMs: number | null;
  error: string | null;
  [key: string]: unknown;
}

export interface SupportLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface Rebuilder {
  readonly projections: ReadonlyArray<{ name: string }>;
  rebuild(name: string, onProgress?: RebuildProgressListener): Promise<{ name: string; position: number; events: number }>;
}

export class RebuildCoordinator {
  private readonly jobs: RebuildJob[] = [];
  private chain: Promise<unknown> = Promise.resolve();
  private readonly done = new Map<string, Promise<RebuildJob>>();
  private timer: NodeJS.Timeout | null = null;
  /** A look at the shared rebuilds is queued or under way (one at a time, however long a rebuild runs). */
  private polling = false;
  private stopping = false;
  private readonly claims: RebuildClaims;

  constructor(
    private readonly runner: Rebuilder,
    private readonly documents: DocumentStore,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly logger: SupportLogger,
    private shared: SharedRebuilds | null = null,
  ) {
    this.claims = new RebuildClaims(documents, () => clock.now());
  }

  /** From now on the rebuilds are shared with the other processes (see SharedRebuilds); looked at every half second until `stop`. */
  share(shared: SharedRebuilds): void {
    this.shared = shared;
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.polling) return;
      this.polling = true;
      this.chain = this.chain
        .then(() => this.pollShared())
        .catch((error: unknown) => this.logger.error({ err: error }, 'rebuilds: reading the shared requests failed'))
        .finally(() => {
          this.polling = false;
        });
    }, shared.pollMs ?? SHARED_POLL_MS);
    this.timer.unref();
  }

  /**
   * Stops looking at the shared requests and ends the rebuild under way: its
   * replay is abandoned (the live read model is untouched, what it built is
   * dropped) and, shared, it is left for the next projector to run again.
   * Resolves once nothing of the coordinator writes any more.
   */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopping = true;
    await this.chain.catch(() => undefined);
  }

  private get requests() {
    return this.documents.collection<RebuildRequestDocument>(REBUILD_REQUESTS_COLLECTION);
  }

  private indexed: Promise<void> | null = null;

  /** The actions' index, declared on first use. */
  private actionsCollection() {
    this.indexed ??= this.documents.collection(SUPPORT_ACTIONS_COLLECTION).ensureIndexes([{ name: 'by_at', fields: [['at', -1], ['_id', -1]] }]);
    return this.indexed.then(() => this.documents.collection<SupportActionDocument>(SUPPORT_ACTIONS_COLLECTION));
  }

  /**
   * Queues a rebuild of each named projection (all or none: refused when one
   * of them is queued or running already, here or, shared, on any replica:
   * see RebuildClaims). Answers the jobs at once; each one's completion is
   * `completion(id)`.
   */
  async request(projections: readonly string[], actor: SupportActor): Promise<RebuildJob[]> {
    const known = new Set(this.runner.projections.map((p) => p.name));
    const unknown = projections.filter((name) => !known.has(name));
    if (unknown.length > 0) throw new DomainError('PROJECTION_NOT_FOUND', { projections: unknown });
    // Shared, the claims decide (what this replica read last may be half a second old).
    const busy = this.shared ? [] : [...new Set(projections)].filter((name) => this.jobs.some((job) => job.projection === name && (job.status === 'queued' || job.status === 'running')));
    if (busy.length > 0) throw new DomainError(REBUILD_ALREADY_RUNNING, { projections: busy });
    const requestedAt = this.clock.now();
    const jobs = [...new Set(projections)].map(
      (projection): RebuildJob => ({
        id: this.ids.uuid(),
        projection,
        status: 'queued',
        stage: null,
        events: 0,
        total: 0,
        position: null,
        requestedBy: actor,
        requestedAt,
        startedAt: null,
        finishedAt: null,
        error: null,
      }),
    );
    if (this.shared) {
      const taken = await this.claims.claimAll(
        jobs.map((job) => ({ projection: job.projection, rebuildId: job.id })),
        async (id) => (await this.requests.get(id))?.status ?? null,
      );
      if (taken.length > 0) throw new DomainError(REBUILD_ALREADY_RUNNING, { projections: taken });
    }
    for (const job of jobs) {
      this.jobs.push(job);
      if (this.shared) {
        // Kept for the projector, which runs it; its answer is read back from there.
        this.done.set(job.id, this.requests.insert({ ...job, _id: job.id }).then(() => this.sharedCompletion(job.id)));
        continue;
      }
      const run = this.chain.then(() => this.run(job));
      this.chain = run.catch(() => undefined);
      this.done.set(job.id, run);
    }
    this.forgetOldJobs();
    return jobs.map((job) => ({ ...job }));
  }

  /** Resolves with the job once it has finished or failed. */
  completion(id: string): Promise<RebuildJob> {
    return this.done.get(id) ?? Promise.reject(new Error(`Unknown rebuild ${id}`));
  }

  /** The rebuilds queued, running and last finished, newest first. */
  list(): RebuildJob[] {
    return this.jobs.map((job) => ({ ...job })).reverse();
  }

  /** The latest support actions, newest first. */
  async actions(limit: number): Promise<SupportActionDocument[]> {
    return (await this.actionsCollection()).find({}, { sort: [['at', -1]], limit });
  }

  private async run(job: RebuildJob, onChange: () => void = () => undefined): Promise<RebuildJob> {
    job.status = 'running';
    job.startedAt = this.clock.now();
    const started = Date.now();
    onChange();
    await this.record(job, 'rebuild_started', { events: null, durationMs: null, error: null });
    try {
      const result = await this.runner.rebuild(job.projection, (progress) => {
        if (this.stopping) throw new Error('the platform stopped during the rebuild');
        job.stage = progress.stage;
        job.events = progress.events;
        job.total = progress.total;
        onChange();
      });
      job.status = 'finished';
      job.events = result.events;
      job.total = result.events;
      job.position = result.position;
      job.finishedAt = this.clock.now();
      await this.record(job, 'rebuild_finished', { events: result.events, durationMs: Date.now() - started, error: null });
    } catch (error) {
      job.status = 'failed';
      job.error = error instanceof Error ? error.message : String(error);
      job.finishedAt = this.clock.now();
      await this.record(job, 'rebuild_failed', { events: job.events, durationMs: Date.now() - started, error: job.error });
    }
    return { ...job };
  }

  /** Resolves once the shared rebuild has finished or failed (run by the projector). */
  private async sharedCompletion(id: string): Promise<RebuildJob> {
    for (;;) {
      const stored = await this.requests.get(id);
      if (stored && (stored.status === 'finished' || stored.status === 'failed')) return jobOf(stored);
      await new Promise((resolve) => setTimeout(resolve, this.shared?.pollMs ?? SHARED_POLL_MS));
    }
  }

  /** An api replica reads the rebuilds back (list() stays synchronous); the projector runs the queued ones, oldest first. */
  private async pollShared(): Promise<void> {
    const shared = this.shared;
    if (!shared) return;
    const latest = (await this.requests.find({}, { sort: [['requestedAt', -1]], limit: FINISHED_KEPT * 2 })).map(jobOf);
    const known = new Set(latest.map((job) => job.id));
    const unsaved = this.jobs.filter((job) => !known.has(job.id) && job.status === 'queued');
    this.jobs.splice(0, this.jobs.length, ...latest.reverse(), ...unsaved);
    if (shared.mode !== 'run' || !(shared.canRun?.() ?? true)) return;
    // A `running` one here was its projector's when it died: this one runs it again (blue-green, from the start).
    for (const job of this.jobs.filter((j) => j.status === 'queued' || j.status === 'running')) {
      if (!(shared.canRun?.() ?? true)) return;
      let saved = 0;
      const save = (force: boolean) => {
        if (!force && Date.now() - saved < (shared.pollMs ?? SHARED_POLL_MS)) return;
        saved = Date.now();
        void this.requests.upsert({ ...job, _id: job.id }).catch((error: unknown) => this.logger.error({ err: error, rebuildId: job.id }, 'rebuilds: progress not kept'));
      };
      await this.run(job, () => save(job.status !== 'running' || job.stage === null));
      if (this.stopping) return; // Left `running`: the next holder runs it again.
      await this.requests.upsert({ ...job, _id: job.id });
      await this.claims.release(job.projection, job.id);
    }
    const finished = await this.requests.find({ status: { $in: ['finished', 'failed'] } }, { sort: [['requestedAt', -1]], skip: FINISHED_KEPT, limit: 100 });
    for (const old of finished) await this.requests.delete(old._id);
  }

  /** Logs the step and keeps it; a failure to keep it is logged, and does not stop the rebuild. */
  private async record(job: RebuildJob, action: SupportActionKind, outcome: Pick<SupportActionDocument, 'events' | 'durationMs' | 'error'>): Promise<void> {
    const document: SupportActionDocument = {
      _id: this.ids.uuid(),
      action,
      at: this.clock.now(),
      by: job.requestedBy,
      projection: job.projection,
      rebuildId: job.id,
      ...outcome,
    };
    const fields = { supportAction: action, projection: job.projection, rebuildId: job.id, userId: job.requestedBy.userId, at: document.at, events: outcome.events, durationMs: outcome.durationMs };
    if (action === 'rebuild_failed') this.logger.error({ ...fields, error: outcome.error }, 'support: a read model rebuild failed; the old read model still serves');
    else this.logger.info(fields, action === 'rebuild_started' ? 'support: read model rebuild started' : 'support: read model rebuild finished');
    try {
      await (await this.actionsCollection()).upsert(document);
    } catch (error) {
      this.logger.error({ err: error, supportAction: action, rebuildId: job.id }, 'support action could not be kept');
    }
  }

  private forgetOldJobs(): void {
    const finished = this.jobs.filter((job) => job.status === 'finished' || job.status === 'failed');
    for (const job of finished.slice(0, Math.max(0, finished.length - FINISHED_KEPT))) {
      this.jobs.splice(this.jobs.indexOf(job), 1);
      this.done.delete(job.id);
    }
  }
}

function jobOf(stored: RebuildRequestDocument): RebuildJob {
  const { _id, ...job } = stored;
  return job as RebuildJob;
}
