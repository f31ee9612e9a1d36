/**
 * The roles a process is started with (PLATFORM_ROLE, issue 25), beside the
 * embedded default `all` that container.ts runs as it always has:
 * - `api`: the HTTP API; the workers whose state is the process's own (jobs,
 *   the search index); a command's answer waits on the shared checkpoints.
 * - `projector`: the projections and the rebuilds, while it holds the
 *   `projector` lease (application/platform/lease.ts).
 * - `processor`: the process managers and the shared background queues
 *   (labels, payment provider), while it holds the `processor` lease.
 * Many processes may be started with a background role: one works, the
 * others wait to take the lease over.
 */
import type { BackgroundWorker } from '../application/ports/background-worker.js';
import type { DocumentStore } from '../application/ports/document-store.js';
import type { EventStore } from '../application/ports/event-store.js';
import { CHECKPOINTS_COLLECTION, type ProjectionRunner } from '../application/projections/projection-runner.js';
import { PROCESS_MANAGER_CHECKPOINTS, type ProcessManagerRunner } from '../application/process-managers/process-manager-runner.js';
import { ReadYourWrites } from '../application/projections/read-your-writes.js';
import { SharedProcessManagerCheckpoints, SharedProjectionCheckpoints } from '../application/projections/shared-checkpoints.js';
import { Lease, type LeaseLogger, type LeasedWork } from '../application/platform/lease.js';
import type { RebuildCoordinator } from '../application/platform/rebuild-coordinator.js';
import type { AppConfig, PlatformRole } from './config.js';

/** What runs where: `all` everything, each other role its part. */
export function runs(role: PlatformRole): { api: boolean; projections: boolean; processManagers: boolean } {
  return { api: role === 'all' || role === 'api', projections: role === 'all' || role === 'projector', processManagers: role === 'all' || role === 'processor' };
}

export interface RoleParts {
  config: AppConfig;
  documents: DocumentStore;
  eventStore: EventStore;
  runner: ProjectionRunner;
  processManagers: ProcessManagerRunner;
  workers: readonly BackgroundWorker[];
  /** The job queue (among `workers`): a processor runs it too, for the jobs its queues submit (an interrupted data export's next attempt). */
  jobs: BackgroundWorker;
  /** The support page's rebuilds: asked for on an api replica, run by the projector. */
  rebuilds: RebuildCoordinator | null;
  logger: LeaseLogger;
}

export interface RunningRole {
  /** A command's answer waits on the shared checkpoints (the projector and the processor write them). */
  readYourWrites: ReadYourWrites;
  /** The lease this process takes, if its role has one. */
  lease: Lease | null;
  /** What its health probe answers (GET /health on its metrics port). */
  health(): Promise<RoleHealth>;
  stop(): Promise<void>;
}

/** A role's health: up; whether it holds its lease (null: its role has none) and since when; its part's largest lag. */
export interface RoleHealth {
  status: 'ok';
  replica: string;
  role: string;
  holding: boolean | null;
  token: number | null;
  maxLag: number;
}

/** How long a processor waits at start for the read models to catch up (the process managers read them). */
const CATCH_UP_MS = 120_000;

/** Starts a role other than `all`; a background role's work starts once its lease is taken. */
export async function startRole(parts: RoleParts): Promise<RunningRole> {
  const { config, documents, eventStore, runner, processManagers, workers, jobs, rebuilds, logger } = parts;
  const projections = new SharedProjectionCheckpoints(documents, CHECKPOINTS_COLLECTION, runner.projections.map((p) => p.name));
  const readYourWrites = new ReadYourWrites(
    projections,
    new SharedProcessManagerCheckpoints(documents, PROCESS_MANAGER_CHECKPOINTS, processManagers.managers.map((m) => m.name)),
  );
  const own = config.role === 'api' ? workers.filter((worker) => worker.perProcess) : config.role === 'processor' ? [jobs] : [];
  const shared = workers.filter((worker) => !worker.perProcess);
  let lease: Lease | null = null;
  for (const worker of own) worker.start();
  if (config.role === 'api') {
    rebuilds?.share({ mode: 'request' });
  } else if (config.role === 'projector') {
    rebuilds?.share({ mode: 'run', canRun: () => runner.running });
    lease = new Lease(documents, 'projector', config.replica, { start: () => runner.start(), stop: () => runner.stop() }, logger, { ttlMs: config.leaseTtlMs });
    runner.fenceWith(lease);
  } else if (config.role === 'processor') {
    // The process managers read the read models (a customer's e-mail address): first let the projector catch up.
    const head = await eventStore.lastGlobalPosition();
    if (!(await projections.waitFor(head, CATCH_UP_MS))) logger.warn({ head }, 'read models still catching up; processing anyway');
    const work: LeasedWork = {
      async start() {
        await processManagers.start();
        for (const worker of shared) worker.start();
      },
      async stop() {
        await Promise.all(shared.map((worker) => worker.stop()));
        await processManagers.stop();
      },
    };
    lease = new Lease(documents, 'processor', config.replica, work, logger, { ttlMs: config.leaseTtlMs });
    processManagers.fenceWith(lease);
  }
  await lease?.start();
  return {
    readYourWrites,
    lease,
    async health() {
      const lags = config.role === 'processor' ? await processManagers.status() : await runner.status();
      return {
        status: 'ok' as const,
        replica: config.replica,
        role: config.role,
        holding: lease ? lease.holding : null,
        token: lease?.token ?? null,
        maxLag: Math.max(0, ...lags.map((part) => part.lag)),
      };
    },
    async stop() {
      await rebuilds?.stop();
      await lease?.stop();
      await Promise.all(own.map((worker) => worker.stop()));
    },
  };
}
