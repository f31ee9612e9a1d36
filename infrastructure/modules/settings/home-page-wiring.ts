import { TOKENS } from '../../../application/tokens.js';
import type { CatalogService } from '../../../application/catalog/catalog-service.js';
import type { Clock, IdGenerator } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { EventStore } from '../../../application/ports/event-store.js';
import { homePageRoutes } from '../../http/routes/settings/home-page-routes.js';
import type { ModulePiece } from '../module-pieces.js';
import { homePageDemoActivity } from './demo/home-page-demo.js';

/**
 * The settings part's home page feature (issue 23, specification 002 §3
 * "Home page configuration"): the storefront's home page of an account
 * (design.manage, the design feature's permission), its refusals, its menu
 * entry, its routes, and Demo Retail's home page with three widgets.
 */
export const homePagePiece: ModulePiece = {
  errors: {
    HOME_PAGE_INVALID: 422,
    HOME_PAGE_PRODUCTS_UNKNOWN: 422,
    // The field-level codes of HOME_PAGE_INVALID's details (each with its message).
    HOME_PAGE_TOO_MANY_WIDGETS: 422,
    HOME_PAGE_PRODUCTS_REQUIRED: 422,
    HOME_PAGE_TOO_MANY_PRODUCTS: 422,
    HOME_PAGE_BANNER_URL_INVALID: 422,
  },
  menu: [{ section: 'settings', key: 'homePage', path: '/home-page', permission: 'design.manage' }],
  demoActivity: homePageDemoActivity,
  routes: (container) =>
    homePageRoutes({
      ports: {
        eventStore: container.resolve<EventStore>(TOKENS.EventStore),
        documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
        clock: container.resolve<Clock>(TOKENS.Clock),
        ids: container.resolve<IdGenerator>(TOKENS.IdGenerator),
      },
      catalog: container.resolve<CatalogService>(TOKENS.CatalogService),
      defaultAccountId: () => container.resolve<() => Promise<string | null>>(TOKENS.DefaultWhiteLabelAccount)(),
    }),
};
