import type { DependencyContainer } from 'tsyringe';
import type { Logger } from 'pino';
import type { BackgroundWorker } from '../../../application/ports/background-worker.js';
import { TOKENS } from '../../../application/tokens.js';
import type { EventStore } from '../../../application/ports/event-store.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { Clock, IdGenerator } from '../../../application/ports/clock.js';
import type { ProjectionRunner } from '../../../application/projections/projection-runner.js';
import { RebuildCoordinator, REBUILD_ALREADY_RUNNING, SUPPORT_ACTIONS_COLLECTION } from '../../../application/platform/rebuild-coordinator.js';
import {
  PROCESS_MANAGER_CHECKPOINTS,
  PROCESS_MANAGER_CONFLICTS,
  type ProcessManagerRunner,
} from '../../../application/process-managers/process-manager-runner.js';
import { LEASES_COLLECTION } from '../../../application/platform/lease.js';
import { PLATFORM_STAFF } from '../../../application/organizations/permissions.js';
import { localesBeside } from '../../http/i18n.js';
import type { PlatformMetrics } from '../../observability/metrics.js';
import { MONITOR_PERMISSION, operationsRoutes } from '../../http/routes/platform/operations-routes.js';
import { REBUILD_PERMISSION, supportRoutes } from '../../http/routes/platform/support-routes.js';
import type { PlatformModule } from '../platform-module.js';
import { REFERENCE_CHANGES } from '../../reference-cache/change-marks.js';

/** The rebuilds support asks for: one coordinator per platform (its queue and progress live in memory). */
const REBUILD_COORDINATOR = Symbol.for('RebuildCoordinator');

function workersOf(container: DependencyContainer): readonly BackgroundWorker[] {
  return container.isRegistered(TOKENS.BackgroundWorkers, true) ? container.resolve<BackgroundWorker[]>(TOKENS.BackgroundWorkers) : [];
}

/** The platform's own operations: health and lag (read models and process managers), the support page, rebuilding read models. */
export const platformModule: PlatformModule = {
  name: 'platform',
  streams: [],
  projections: [],
  permissions: {
    [REBUILD_PERMISSION]: {
      description: 'Rebuild a read model (blue-green: the old one serves until the new one has caught up), from the support page or the API',
      holders: ['super_admin'],
    },
    [MONITOR_PERMISSION]: {
      description: "See the support page and, in /api/health, the event store's head, each projection's and process manager's lag, the queues' backlogs and the conflicts counted; read GET /api/metrics (Prometheus)",
      holders: PLATFORM_STAFF,
    },
  },
  errors: { PROJECTION_NOT_FOUND: 404, [REBUILD_ALREADY_RUNNING]: 409 },
  texts: localesBeside(import.meta.url),
  // The process managers' own collections and the support actions: not read models, never dropped by a rebuild.
  ownCollections: [PROCESS_MANAGER_CHECKPOINTS, PROCESS_MANAGER_CONFLICTS, SUPPORT_ACTIONS_COLLECTION, LEASES_COLLECTION, REFERENCE_CHANGES],
  menu: [{ section: 'administration', key: 'support', path: '/support', permission: MONITOR_PERMISSION }],
  register(container) {
    container.register(REBUILD_COORDINATOR, {
      useValue: new RebuildCoordinator(
        container.resolve<ProjectionRunner>(TOKENS.ProjectionRunner),
        container.resolve<DocumentStore>(TOKENS.DocumentStore),
        container.resolve<Clock>(TOKENS.Clock),
        container.resolve<IdGenerator>(TOKENS.IdGenerator),
        container.resolve<Logger>(TOKENS.Logger),
      ),
    });
  },
  routes: (container: DependencyContainer) => {
    const runner = container.resolve<ProjectionRunner>(TOKENS.ProjectionRunner);
    const eventStore = container.resolve<EventStore>(TOKENS.EventStore);
    const processManagers = container.resolve<ProcessManagerRunner>(TOKENS.ProcessManagerRunner);
    const coordinator = container.resolve<RebuildCoordinator>(REBUILD_COORDINATOR);
    return [
      ...operationsRoutes(
        runner,
        eventStore,
        processManagers,
        workersOf(container),
        coordinator,
        container.resolve<PlatformMetrics>(TOKENS.PlatformMetrics),
        container.resolve<DocumentStore>(TOKENS.DocumentStore),
      ),
      ...supportRoutes({
        runner,
        eventStore,
        processManagers,
        workers: workersOf(container),
        documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
        coordinator,
        clock: container.resolve<Clock>(TOKENS.Clock),
      }),
    ];
  },
};
