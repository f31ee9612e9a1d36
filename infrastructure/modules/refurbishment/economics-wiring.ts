import type { DependencyContainer } from 'tsyringe';
import { TOKENS } from '../../../application/tokens.js';
import type { Clock, IdGenerator } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { EventStore } from '../../../application/ports/event-store.js';
import { PLATFORM_STAFF, ROOT_MANAGERS } from '../../../application/organizations/permissions.js';
import { economicsRoutes } from '../../http/routes/refurbishment/economics-routes.js';
import type { RefurbPiece } from './piece.js';
import { economicsDemoActivity } from './economics-demo.js';

/**
 * An item's economic data (purchase price, planned and completed refurbishment cost, time per step, margin against its
 * target resale price) and the items list's columns. Its read model is the items list's documents
 * (projections/refurbishment/economics-projection.ts, applied by the items projection), so it declares no projection.
 */
export const economicsPiece: RefurbPiece = {
  permissions: {
    'refurb_resale.write': {
      description: 'Set an item’s target resale price, against which its refurbishment margin is counted',
      holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS, 'warehouse_manager'],
    },
  },
  routes: (container: DependencyContainer) =>
    economicsRoutes({
      eventStore: container.resolve<EventStore>(TOKENS.EventStore),
      documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
      clock: container.resolve<Clock>(TOKENS.Clock),
      ids: container.resolve<IdGenerator>(TOKENS.IdGenerator),
    }),
  demoActivity: economicsDemoActivity,
};
