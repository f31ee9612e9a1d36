import type { DependencyContainer } from 'tsyringe';
import { TOKENS } from '../../../application/tokens.js';
import type { Clock, IdGenerator } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { EventStore } from '../../../application/ports/event-store.js';
import type { MenuEntry } from '../../../application/organizations/menu.js';
import { PLATFORM_STAFF, ROOT_MANAGERS, ROOT_USERS, type PermissionTable } from '../../../application/organizations/permissions.js';
import { ENTITY_STREAMS } from '../../../application/organizations/entities/streams.js';
import { entityRoutes } from '../../http/routes/organizations/entity-routes.js';

/**
 * The entities' part of the organizations manifest (a retailer's tree:
 * management units, stores, warehouses, buyers): their permissions,
 * refusals, menu entry, routes and the external ids' reservation streams.
 */
export const entityStreams = Object.values(ENTITY_STREAMS);

export const entityPermissions: PermissionTable = {
  'organization.list': { description: 'See the entities of the retailer’s tree (list, tree, one entity, its counts and history)', holders: [...PLATFORM_STAFF, ...ROOT_USERS] },
  'organization.manage': { description: 'Create the entities of the retailer’s tree and change them (not their type, module nor buyer)', holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS] },
};

export const entityErrors = {
  ENTITY_NOT_FOUND: 404,
  ENTITY_ALREADY_EXISTS: 409,
  ENTITY_EXTERNAL_ID_TAKEN: 409,
  ENTITY_INVALID: 422,
  ENTITY_TYPE_FIXED: 422,
  ENTITY_MODULE_FIXED: 422,
  ENTITY_BUYER_FIXED: 422,
  // The field-level codes of ENTITY_INVALID's details (each with its message).
  ENTITY_COUNTRY_INVALID: 422,
  ENTITY_EMAIL_INVALID: 422,
  ENTITY_LATITUDE_INVALID: 422,
  ENTITY_LONGITUDE_INVALID: 422,
  ENTITY_COORDINATE_REQUIRED: 422,
  ENTITY_PARENT_REQUIRED: 422,
  ENTITY_PARENT_NOT_FOUND: 422,
  ENTITY_PARENT_NOT_ALLOWED: 422,
  ENTITY_PARENT_TYPE_INVALID: 422,
  ENTITY_PARENT_CYCLE: 422,
  ENTITY_BUYER_NOT_FOUND: 422,
  ENTITY_BUYER_NOT_ALLOWED: 422,
  ENTITY_OPENING_HOURS_INVALID: 422,
  ENTITY_SHOW_CART_STORE_ONLY: 422,
} as const;

export const entityMenu: MenuEntry[] = [{ section: 'administration', key: 'entities', path: '/entities', permission: 'organization.list' }];

export function entityRoutesOf(container: DependencyContainer) {
  return entityRoutes({
    eventStore: container.resolve<EventStore>(TOKENS.EventStore),
    documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
    clock: container.resolve<Clock>(TOKENS.Clock),
    ids: container.resolve<IdGenerator>(TOKENS.IdGenerator),
  });
}
