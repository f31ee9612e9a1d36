/**
 * The catalogue search's part of the catalogue manifest (issue 21, "Search
 * that finds what people type"): the search projection, the index following
 * it as a background worker (reloaded after a rebuild of the projection),
 * and the search service's key route. The engine itself is
 * chosen by the composition root (infrastructure/search/product-search-of.ts).
 */
import type { DependencyContainer } from 'tsyringe';
import { TOKENS } from '../../../application/tokens.js';
import type { Clock } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { RebuildCoordinator } from '../../../application/platform/rebuild-coordinator.js';
import { searchProjection } from '../../../projections/catalog/search-projection.js';
import { FollowedProductSearch } from '../../search/search-follower.js';
import { searchRoutes } from '../../http/routes/catalog/search-routes.js';

const REBUILD_COORDINATOR = Symbol.for('RebuildCoordinator');

export const searchProjections = [searchProjection];

/** The search raises no code of its own: the key route's only refusal is the organizations' ENTITY_NOT_FOUND. */
export const searchErrors = {} as const;

function followed(container: DependencyContainer): FollowedProductSearch | null {
  if (!container.isRegistered(TOKENS.ProductSearchIndex, true)) return null;
  const index = container.resolve<unknown>(TOKENS.ProductSearchIndex);
  return index instanceof FollowedProductSearch ? index : null;
}

/** The index reloads from nothing when the search projection is rebuilt (the client form's reindex, the support page). */
export function registerSearch(container: DependencyContainer): void {
  const index = followed(container);
  if (!index) return;
  index.watchRebuilds(() => (container.isRegistered(REBUILD_COORDINATOR, true) ? container.resolve<RebuildCoordinator>(REBUILD_COORDINATOR).list() : []));
}

export function searchWorkers(container: DependencyContainer): FollowedProductSearch[] {
  const index = followed(container);
  return index ? [index] : [];
}

export function searchRoutesOf(container: DependencyContainer) {
  return searchRoutes({
    documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
    clock: container.resolve<Clock>(TOKENS.Clock),
    search: () => container.resolve(TOKENS.ProductSearchIndex),
  });
}
