import type { DependencyContainer } from 'tsyringe';
import { TOKENS } from '../../../application/tokens.js';
import type { Clock, IdGenerator } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { EventStore } from '../../../application/ports/event-store.js';
import type { MenuEntry } from '../../../application/organizations/menu.js';
import { PLATFORM_STAFF, ROOT_MANAGERS, ROOT_USERS, type PermissionTable } from '../../../application/organizations/permissions.js';
import { CATEGORY_STREAMS } from '../../../application/catalog/categories/streams.js';
import { CATEGORY_IMAGE_COLLECTION } from '../../../application/catalog/categories/category-read-model.js';
import { categoryImagesProjection } from '../../../projections/catalog/category-projection.js';
import { categoriesRoutes } from '../../http/routes/catalog/categories-routes.js';

/**
 * The categories' part of the catalogue manifest (issue 21, "Categories"):
 * their permissions, refusals, menu entry, routes, the identifiers'
 * reservations and the pictures' streams and read model. The categories' own
 * stream and read model stay the catalogue's (`category`, `categories`).
 */
export const categoryStreams = Object.values(CATEGORY_STREAMS);
export const categoryProjections = [categoryImagesProjection];
export const categoryCollections = [CATEGORY_IMAGE_COLLECTION];

export const categoryPermissions: PermissionTable = {
  'category.list': { description: 'See the category tree with its counts, a category’s every field and its history', holders: [...PLATFORM_STAFF, ...ROOT_USERS] },
  'category.manage': { description: 'Create, edit, archive and delete categories, link their circuits, upload their pictures', holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS] },
};

export const categoryErrors = {
  CATEGORY_NOT_FOUND: 404,
  CATEGORY_ALREADY_EXISTS: 409,
  CATEGORY_INVALID: 422,
  CATEGORY_IDENTIFIER_TAKEN: 409,
  CATEGORY_ARCHIVED: 409,
  CATEGORY_HAS_CHILDREN: 409,
  CATEGORY_HAS_PRODUCTS: 409,
  CATEGORY_HAS_QUESTIONS: 409,
  CATEGORY_BUYER_PROVIDER_ONLY: 403,
  CATEGORY_CIRCUIT_NOT_FOUND: 404,
  CATEGORY_IMAGE_REQUIRED: 400,
  CATEGORY_IMAGE_TOO_LARGE: 422,
  CATEGORY_IMAGE_TYPE: 422,
  CATEGORY_IMAGE_NOT_FOUND: 404,
  // The field-level codes of CATEGORY_INVALID's details (each with its message).
  CATEGORY_IDENTIFIER_FORMAT: 422,
  CATEGORY_MARKUP_NOT_ALLOWED: 422,
  CATEGORY_VALUE_REQUIRED: 422,
  CATEGORY_WHOLE_NUMBER: 422,
  CATEGORY_DECIMAL: 422,
  CATEGORY_BUYER_REQUIRED: 422,
  CATEGORY_BUYER_NOT_FOUND: 422,
  CATEGORY_TOO_MANY: 422,
  CATEGORY_PARENT_REQUIRED: 422,
  CATEGORY_PARENT_NOT_FOUND: 422,
  CATEGORY_PARENT_CYCLE: 422,
  CATEGORY_PARENT_ARCHIVED: 422,
} as const;

export const categoryMenu: MenuEntry[] = [{ section: 'catalog', key: 'categories', path: '/categories/list', permission: 'category.list' }];

export function categoryRoutesOf(container: DependencyContainer) {
  return categoriesRoutes({
    eventStore: container.resolve<EventStore>(TOKENS.EventStore),
    documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
    clock: container.resolve<Clock>(TOKENS.Clock),
    ids: container.resolve<IdGenerator>(TOKENS.IdGenerator),
  });
}
