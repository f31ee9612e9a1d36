import type { DependencyContainer } from 'tsyringe';
import type { BackgroundWorker } from '../../../application/ports/background-worker.js';
import { TOKENS } from '../../../application/tokens.js';
import type { EventStore } from '../../../application/ports/event-store.js';
import type { ProjectionRunner } from '../../../application/projections/projection-runner.js';
import {
  PROCESS_MANAGER_CHECKPOINTS,
  PROCESS_MANAGER_CONFLICTS,
  type ProcessManagerRunner,
} from '../../../application/process-managers/process-manager-runner.js';
import { PLATFORM_STAFF } from '../../../application/organizations/permissions.js';
import { localesBeside } from '../../http/i18n.js';
import { MONITOR_PERMISSION, operationsRoutes } from '../../http/routes/platform/operations-routes.js';
import type { PlatformModule } from '../platform-module.js';

/** The platform's own operations: health and lag (read models and process managers), rebuilding read models. */
export const platformModule: PlatformModule = {
  name: 'platform',
  streams: [],
  projections: [],
  permissions: {
    'projection.rebuild': { description: 'Drop a read model and replay every event into it', holders: ['super_admin'] },
    [MONITOR_PERMISSION]: { description: "See the event store's head and each projection's and process manager's lag in /api/health", holders: PLATFORM_STAFF },
  },
  errors: { PROJECTION_NOT_FOUND: 404 },
  texts: localesBeside(import.meta.url),
  // The process managers' own collections: not read models, never dropped by a rebuild.
  ownCollections: [PROCESS_MANAGER_CHECKPOINTS, PROCESS_MANAGER_CONFLICTS],
  routes: (container: DependencyContainer) =>
    operationsRoutes(
      container.resolve<ProjectionRunner>(TOKENS.ProjectionRunner),
      container.resolve<EventStore>(TOKENS.EventStore),
      container.resolve<ProcessManagerRunner>(TOKENS.ProcessManagerRunner),
      container.isRegistered(TOKENS.BackgroundWorkers, true) ? container.resolve<BackgroundWorker[]>(TOKENS.BackgroundWorkers) : [],
    ),
};
