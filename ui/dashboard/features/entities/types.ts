// The screens read the shapes the server sends: the API's entity views, the domain's lists and bounds.
export type {
  OrganizationDetailView as Entity,
  OrganizationView as EntityRow,
  OrganizationSummary as EntitySummary,
  OrganizationTreeNode as EntityNode,
  OrganizationHistoryEntry as EntityHistoryEntry,
} from '@server/application/organizations/entities/entity-views.js';
export type { ListPage } from '@server/application/views/schema.js';
export { CREATABLE_TYPES, ENTITY_LIMITS, ORGANIZATION_STATUSES, PARENT_TYPES, type CreatableType } from '@server/domain/organizations/organization/organization.js';
export { ORGANIZATION_TYPES, type OrganizationType } from '@server/domain/organizations/events.js';
