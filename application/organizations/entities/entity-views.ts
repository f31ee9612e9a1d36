/** What the entities' routes answer (GET /organizations…): the handlers' return types, the OpenAPI schemas, the screens' types. */
import { MODULE_TYPES, ORGANIZATION_TYPES } from '../../../domain/organizations/events.js';
import { ORGANIZATION_STATUSES } from '../../../domain/organizations/organization/organization.js';
import { OpeningHoursView } from '../stores/store-views.js';
import { DateTime, ListPage, Nullable, StringEnum, Type, type Static } from '../../views/schema.js';

const Id = Type.String({ maxLength: 64 });
const OrganizationTypeView = StringEnum(ORGANIZATION_TYPES);
const ModuleTypeView = StringEnum(MODULE_TYPES);
const Status = StringEnum(ORGANIZATION_STATUSES);

/** An entity with every field of specification 002 §3. */
export const OrganizationView = Type.Object(
  {
    id: Id,
    accountId: Id,
    commonName: Type.String(),
    corporateName: Nullable(Type.String()),
    type: OrganizationTypeView,
    moduleType: ModuleTypeView,
    parentOrganizationId: Nullable(Id),
    parentName: Nullable(Type.String()),
    street: Nullable(Type.String()),
    streetComplement: Nullable(Type.String()),
    zipCode: Nullable(Type.String()),
    city: Nullable(Type.String()),
    country: Type.String(),
    externalId: Nullable(Type.String()),
    email: Nullable(Type.String()),
    status: Status,
    latitude: Nullable(Type.Number()),
    longitude: Nullable(Type.Number()),
    manualGeocoding: Type.Boolean(),
    buyerId: Nullable(Id),
    buyerName: Nullable(Type.String()),
    stock: Nullable(Type.String()),
    openingHours: Nullable(OpeningHoursView),
    showCart: Type.Boolean({ description: 'A store’s "show cart" flag (the dashboard’s multi-device cart).' }),
    createdAt: DateTime,
    updatedAt: Nullable(DateTime),
  },
  { title: 'Organization' },
);
export type OrganizationView = Static<typeof OrganizationView>;

/** One entity with its revision (its ETag, for If-Match). */
export const OrganizationDetailView = Type.Composite([OrganizationView, Type.Object({ revision: Type.Integer({ minimum: 0 }) })], { title: 'OrganizationDetail' });
export type OrganizationDetailView = Static<typeof OrganizationDetailView>;

export const OrganizationPage = ListPage(OrganizationView, 'OrganizationPage');

/** A short reference to an entity (pickers, the tree, the connected warehouses). */
export const OrganizationSummary = Type.Object(
  { id: Id, accountId: Id, commonName: Type.String(), type: OrganizationTypeView, moduleType: ModuleTypeView, status: Status, parentOrganizationId: Nullable(Id), externalId: Nullable(Type.String()) },
  { title: 'OrganizationSummary' },
);
export type OrganizationSummary = Static<typeof OrganizationSummary>;
export const OrganizationSummaries = Type.Object({ items: Type.Array(OrganizationSummary) }, { title: 'OrganizationSummaries' });

export interface OrganizationTreeNode extends OrganizationSummary {
  children: OrganizationTreeNode[];
}
export const OrganizationTreeNodeView = Type.Recursive(
  (node) =>
    Type.Object({
      id: Id,
      accountId: Id,
      commonName: Type.String(),
      type: OrganizationTypeView,
      moduleType: ModuleTypeView,
      status: Status,
      parentOrganizationId: Nullable(Id),
      externalId: Nullable(Type.String()),
      children: Type.Array(node),
    }),
  { title: 'OrganizationTreeNode', $id: 'OrganizationTreeNode' },
);
/** The tree of the caller's entities, from the root management unit (provider staff outside a tenant: one root per account). */
export const OrganizationTree = Type.Object(
  {
    roots: Type.Array(OrganizationTreeNodeView),
    truncated: Type.Boolean({ description: 'More entities exist than one tree answers (TREE_LIMIT): name an account with ?accountId=.' }),
  },
  { title: 'OrganizationTree' },
);

/** What anyone of the tenant may know of an entity: no e-mail, no external id, no coordinates typed by a person. */
export const OrganizationPublicView = Type.Object(
  {
    id: Id,
    commonName: Type.String(),
    type: OrganizationTypeView,
    moduleType: ModuleTypeView,
    status: Status,
    street: Nullable(Type.String()),
    streetComplement: Nullable(Type.String()),
    zipCode: Nullable(Type.String()),
    city: Nullable(Type.String()),
    country: Type.String(),
  },
  { title: 'OrganizationPublic' },
);
export type OrganizationPublicView = Static<typeof OrganizationPublicView>;

const ModuleCounts = Type.Object({ root: Type.Integer({ minimum: 0 }), tim: Type.Integer({ minimum: 0 }), rps: Type.Integer({ minimum: 0 }), lcm: Type.Integer({ minimum: 0 }) });

/** How many entities of each module the entity and those below it hold (itself included). */
export const ModuleCountView = Type.Object({ organizationId: Id, total: Type.Integer({ minimum: 0 }), byModule: ModuleCounts }, { title: 'OrganizationModuleCount' });
export type ModuleCountView = Static<typeof ModuleCountView>;

/** How many users have a role in each module at the entity or below it (a user counted once per module). */
export const UsersModuleCountView = Type.Object({ organizationId: Id, total: Type.Integer({ minimum: 0 }), byModule: ModuleCounts }, { title: 'OrganizationUsersModuleCount' });
export type UsersModuleCountView = Static<typeof UsersModuleCountView>;

export const ENTITY_HISTORY_TYPES = ['OrganizationRegistered', 'OrganizationChanged'] as const;

/** One event of an entity's stream: what, when, who (named), why, and each value it changed. */
export const OrganizationHistoryEntry = Type.Object(
  {
    eventId: Type.String(),
    revision: Type.Integer({ minimum: 0 }),
    type: StringEnum(ENTITY_HISTORY_TYPES),
    at: DateTime,
    user: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
    reason: Nullable(Type.String()),
    changes: Type.Record(Type.String(), Type.Object({ from: Type.Unknown(), to: Type.Unknown() })),
  },
  { title: 'OrganizationHistoryEntry' },
);
export type OrganizationHistoryEntry = Static<typeof OrganizationHistoryEntry>;
export const OrganizationHistory = Type.Object({ items: Type.Array(OrganizationHistoryEntry) }, { title: 'OrganizationHistory' });
