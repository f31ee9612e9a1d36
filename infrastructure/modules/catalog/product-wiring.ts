import type { DependencyContainer } from 'tsyringe';
import { TOKENS } from '../../../application/tokens.js';
import type { CatalogService } from '../../../application/catalog/catalog-service.js';
import { ProductQueries } from '../../../application/catalog/products/product-queries.js';
import { PRODUCT_IMAGE_STREAM } from '../../../application/catalog/products/product-image-read-model.js';
import type { ProductSearchIndex } from '../../../application/ports/product-search.js';
import type { Clock, IdGenerator } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { EventStore } from '../../../application/ports/event-store.js';
import type { MenuEntry } from '../../../application/organizations/menu.js';
import { PLATFORM_STAFF, ROOT_MANAGERS, ROOT_USERS, type PermissionTable } from '../../../application/organizations/permissions.js';
import { productImagesProjection } from '../../../projections/catalog/product-image-projection.js';
import { productRoutes } from '../../http/routes/catalog/product-routes.js';

/**
 * The products' part of the catalogue manifest (issue 21, "Products"): their
 * permissions, refusals, menu entry, routes (GET /products included), the
 * pictures' streams and read model. The products' own stream and read model
 * stay the catalogue's (`product`, `products`), which the buyback path reads.
 */
export const productStreams = [PRODUCT_IMAGE_STREAM];
export const productProjections = [productImagesProjection];

export const productPermissions: PermissionTable = {
  'product.list': { description: 'See the products list, a product’s every field, its price history and history', holders: [...PLATFORM_STAFF, ...ROOT_USERS] },
  'product.manage': { description: 'Create and edit products, their prices and pictures, publish and unpublish them', holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS] },
};

export const productErrors = {
  PRODUCT_ALREADY_EXISTS: 409,
  PRODUCT_INVALID: 422,
  PRODUCT_IMAGE_MISSING: 400,
  PRODUCT_IMAGE_TYPE_INVALID: 422,
  PRODUCT_IMAGE_TOO_LARGE: 422,
  // The field-level codes of PRODUCT_INVALID's details (each with its message).
  PRODUCT_CATEGORY_NOT_FOUND: 422,
  PRODUCT_TOO_MANY_CATEGORIES: 422,
  PRODUCT_TOO_MANY_TAC_CODES: 422,
  PRODUCT_DIMENSION_INVALID: 422,
  PRODUCT_WEIGHT_INVALID: 422,
  PRODUCT_PRICE_INVALID: 422,
  PRODUCT_PRICE_STATE_UNKNOWN: 422,
  PRODUCT_IMAGE_URL_INVALID: 422,
} as const;

export const productMenu: MenuEntry[] = [{ section: 'catalog', key: 'products', path: '/products', permission: 'product.list' }];

/** The search engine when the catalogue's search registered one (its token is `Symbol.for('ProductSearchIndex')`), else null: the regex search. */
function searchIndexOf(container: DependencyContainer): () => ProductSearchIndex | null {
  const token = (TOKENS as Record<string, symbol>).ProductSearchIndex ?? Symbol.for('ProductSearchIndex');
  return () => (container.isRegistered(token, true) ? container.resolve<ProductSearchIndex>(token) : null);
}

export function productRoutesOf(container: DependencyContainer) {
  const ports = {
    eventStore: container.resolve<EventStore>(TOKENS.EventStore),
    documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
    clock: container.resolve<Clock>(TOKENS.Clock),
    ids: container.resolve<IdGenerator>(TOKENS.IdGenerator),
  };
  return productRoutes({
    ports,
    queries: new ProductQueries(ports, searchIndexOf(container)),
    catalog: container.resolve<CatalogService>(TOKENS.CatalogService),
  });
}
