import type { DependencyContainer } from 'tsyringe';
import { TOKENS } from '../../../application/tokens.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import { StoreLocator } from '../../../application/organizations/stores/store-locator.js';
import { mapTilesOf } from '../../map-tiles-config.js';
import type { Throttles } from '../../security/throttle-stores.js';
import { storeLocatorRoutes } from '../../http/routes/organizations/store-locator-routes.js';

/**
 * The storefront's drop-off stores (issue 24): their refusals and their
 * public route, throttled per client address (STORE_SEARCHES_PER_MINUTE a
 * minute, then a minute's wait).
 */
export const storeLocatorErrors = {
  STORE_POSTAL_CODE_UNKNOWN: 422,
  STORE_POSITION_INCOMPLETE: 400,
} as const;

export const STORE_SEARCHES_PER_MINUTE = 120;

export function storeLocatorRoutesOf(container: DependencyContainer) {
  return storeLocatorRoutes({
    // The tiles are the installation's, read once at start from its environment (MAP_TILE_URL, README's configuration).
    locator: new StoreLocator(container.resolve<DocumentStore>(TOKENS.DocumentStore), mapTilesOf(process.env)),
    throttle: container.resolve<Throttles>(TOKENS.Throttles).create('store-searches', STORE_SEARCHES_PER_MINUTE, 60, 60),
    defaultAccountId: container.resolve<() => Promise<string | null>>(TOKENS.DefaultWhiteLabelAccount),
  });
}
