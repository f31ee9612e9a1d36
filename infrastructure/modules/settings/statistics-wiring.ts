import type { DependencyContainer } from 'tsyringe';
import { TOKENS } from '../../../application/tokens.js';
import type { Clock } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import { PLATFORM_STAFF, ROOT_USERS, STORE_USERS, UNIT_USERS, WAREHOUSE_USERS } from '../../../application/organizations/permissions.js';
import { statisticsProjection } from '../../../projections/settings/statistics-projection.js';
import { statisticsRoutes } from '../../http/routes/settings/statistics-routes.js';
import type { ModulePiece } from '../module-pieces.js';
import { statisticsDemoActivity } from './statistics-demo.js';

/**
 * The settings part's statistics feature (issue 23): the weekly figures of the dashboard's home, kept by the statistics
 * projection (facts per buyback, item and kept cart, and their totals per week and scope), read by GET /dashboard-data.
 */
export const statisticsPiece: ModulePiece = {
  projections: [statisticsProjection],
  permissions: {
    'dashboard_data.read': {
      description: 'Read the dashboard’s weekly statistics, in the scope of the buybacks the user may list (the account, its stores, a store, warehouse or buyer)',
      holders: [...PLATFORM_STAFF, ...ROOT_USERS, ...UNIT_USERS, ...STORE_USERS, ...WAREHOUSE_USERS, 'buyer_manager'],
    },
  },
  errors: {
    DASHBOARD_WEEK_NOT_ALLOWED: 403,
    DASHBOARD_WEEK_OUT_OF_RANGE: 400,
  },
  routes: (container: DependencyContainer) =>
    statisticsRoutes({
      documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
      clock: container.resolve<Clock>(TOKENS.Clock),
    }),
  demoActivity: statisticsDemoActivity,
};
