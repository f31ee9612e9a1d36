import type { DependencyContainer } from 'tsyringe';
import { TOKENS } from '../../../application/tokens.js';
import { CatalogService } from '../../../application/catalog/catalog-service.js';
import { CATALOG_COLLECTIONS } from '../../../application/catalog/read-models.js';
import { CATALOG_STREAMS } from '../../../application/catalog/streams.js';
import { USER_TYPES } from '../../../domain/organizations/events.js';
import {
  categoriesProjection,
  circuitsProjection,
  paymentModesProjection,
  productsProjection,
  questionsProjection,
  shippingMethodsProjection,
} from '../../../projections/catalog/projections.js';
import { localesBeside } from '../../http/i18n.js';
import { catalogRoutes } from '../../http/routes/catalog/catalog-routes.js';
import type { PlatformModule } from '../platform-module.js';
import { circuitErrors, circuitMenu, circuitPermissions, circuitProjections, circuitRoutesOf, circuitStreams } from './circuits-wiring.js';
import { catalogDemoData } from './demo-data.js';
import { categoryErrors, categoryMenu, categoryPermissions, categoryProjections, categoryRoutesOf, categoryStreams } from './categories-wiring.js';
import { questionErrors, questionMenu, questionPermissions, questionRoutesOf, questionStreams } from './questions-wiring.js';
import { pricingErrors } from './pricing-wiring.js';
import { withDemoTranslations } from './demo-translations.js';
import { registerSearch, searchErrors, searchProjections, searchRoutesOf, searchWorkers } from './search-wiring.js';
import { productErrors, productMenu, productPermissions, productProjections, productRoutesOf, productStreams } from './product-wiring.js';
import { transferCollections, transferErrors, transferMenu, transferPermissions, transferRoutesOf } from './transfer-wiring.js';

/** The catalogue: categories, products and their prices, diagnostic questions, circuits, shipping methods, payment modes, the estimate. */
export const catalogModule: PlatformModule = {
  name: 'catalog',
  streams: [...Object.values(CATALOG_STREAMS), ...circuitStreams, ...categoryStreams, ...productStreams, ...questionStreams],
  projections: [
    categoriesProjection,
    productsProjection,
    questionsProjection,
    circuitsProjection,
    shippingMethodsProjection,
    paymentModesProjection,
    ...categoryProjections,
    ...productProjections,
    ...searchProjections,
    ...circuitProjections,
  ],
  referenceCollections: Object.values(CATALOG_COLLECTIONS),
  ownCollections: [...transferCollections],
  permissions: {
    'catalog.read': { description: 'Search the catalogue, read products, questions and buyback options, estimate a price', holders: USER_TYPES },
    ...circuitPermissions,
    ...questionPermissions,
    ...productPermissions,
    ...transferPermissions,
    ...categoryPermissions,
  },
  errors: {
    ...circuitErrors,
    PRODUCT_NOT_FOUND: 404,
    ESTIMATE_NOT_POSSIBLE: 422,
    BUYBACK_NO_PRICE_DEFINED: 422,
    PRODUCT_UNPUBLISHED: 422,
    DIAGNOSTIC_NO_QUESTIONS: 422,
    DIAGNOSTIC_ANSWER_MISSING: 422,
    DIAGNOSTIC_ANSWER_NOT_FOUND: 422,
    DIAGNOSTIC_QUESTION_NOT_FOUND: 422,
    DIAGNOSTIC_QUESTION_ANSWERED_TWICE: 422,
    DIAGNOSTIC_SINGLE_ANSWER_EXPECTED: 422,
    ...questionErrors,
    ...pricingErrors,
    ...categoryErrors,
    ...productErrors,
    ...transferErrors,
    ...searchErrors,
  },
  menu: [...circuitMenu, ...categoryMenu, ...productMenu, ...questionMenu, ...transferMenu],
  texts: localesBeside(import.meta.url),
  demoData: () => withDemoTranslations(catalogDemoData()),
  register(container) {
    container.registerSingleton(TOKENS.CatalogService, CatalogService);
    registerSearch(container);
  },
  workers: (container) => [...searchWorkers(container)],
  routes: (container: DependencyContainer) => [...circuitRoutesOf(container), ...transferRoutesOf(container), ...catalogRoutes(container.resolve<CatalogService>(TOKENS.CatalogService)), ...productRoutesOf(container), ...categoryRoutesOf(container), ...searchRoutesOf(container), ...questionRoutesOf(container)],
};
