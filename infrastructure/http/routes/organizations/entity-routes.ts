/**
 * The entities of a retailer's tree (specification 002 §7): the list, the
 * tree, the parents a type may take, the root, the warehouses, one entity
 * (whole, public, counted, its history), its creation and its merge-patch.
 */
import { changeOrganization, createOrganization, type CreateOrganizationInput } from '../../../../application/organizations/entities/entity-commands.js';
import type { EntityPorts } from '../../../../application/organizations/entities/entity-lookup.js';
import { EntityQueries, ORGANIZATION_SORTS } from '../../../../application/organizations/entities/entity-queries.js';
import {
  ModuleCountView,
  OrganizationDetailView,
  OrganizationHistory,
  OrganizationPage,
  OrganizationPublicView,
  OrganizationSummaries,
  OrganizationTree,
  OrganizationView,
  UsersModuleCountView,
} from '../../../../application/organizations/entities/entity-views.js';
import { CommandAnswer } from '../../../../application/views/schema.js';
import { ORGANIZATION_TYPES } from '../../../../domain/organizations/events.js';
import { CREATABLE_TYPES, ENTITY_LIMITS, ORGANIZATION_STATUSES, type OrganizationFields } from '../../../../domain/organizations/organization/organization.js';
import { MAX_RANGES_PER_DAY, WEEKDAYS } from '../../../../domain/organizations/organization/opening-hours.js';
import { commandContext, commandResult } from '../../command-route.js';
import { etagOf } from '../../etag.js';
import { listRoutes } from '../../list-route.js';
import { defineRoute, type Route } from '../../route.js';
import { MAX_QUERY_VALUES, StringEnum, Text, Type, idParams, uuid } from '../schemas.js';

const tag = 'organizations';
const { text, address, city, externalId, email } = ENTITY_LIMITS;
/** Bounded at twice the rule, so that a text a little too long gets the rule's own message at its field (the domain's), not the schema's. */
const OptionalText = (max: number, what: string) => Type.Optional(Type.Union([Type.String({ maxLength: 2 * max, description: what }), Type.Null()]));
/** Degrees; the domain answers ENTITY_LATITUDE_INVALID or ENTITY_LONGITUDE_INVALID outside -90..90 and -180..180. */
const Degrees = (what: string) => Type.Optional(Type.Union([Type.Number({ minimum: -1_000, maximum: 1_000, description: what }), Type.Null()]));

const TimeText = Type.String({ maxLength: 5, description: 'HH:MM' });
const DayBody = Type.Array(Type.Object({ opens: TimeText, closes: TimeText }, { additionalProperties: false }), { maxItems: 2 * MAX_RANGES_PER_DAY });
const OpeningHoursBody = Type.Object(Object.fromEntries(WEEKDAYS.map((day) => [day, Type.Optional(DayBody)])), { additionalProperties: false });

const fields = {
  commonName: Text(2 * text.max, 0, { description: `The name, ${text.min} to ${text.max} characters.` }),
  corporateName: OptionalText(text.max, `${text.min} to ${text.max} characters, or null.`),
  street: OptionalText(address.max, `${address.min} to ${address.max} characters, or null.`),
  streetComplement: OptionalText(address.max, `${address.min} to ${address.max} characters, or null.`),
  zipCode: OptionalText(text.max, `${text.min} to ${text.max} characters, or null.`),
  city: OptionalText(city.max, `${city.min} to ${city.max} characters, or null.`),
  country: Text(64, 0, { description: 'ISO 3166-1 alpha-2 (FR, BE…), required.' }),
  externalId: OptionalText(externalId.max, `At most ${externalId.max} characters, unique in the account (ENTITY_EXTERNAL_ID_TAKEN), or null.`),
  email: OptionalText(email.max, 'The place’s e-mail address, or null.'),
  status: StringEnum(ORGANIZATION_STATUSES),
  latitude: Degrees('-90 to 90; kept only with manualGeocoding, else found from the postal code.'),
  longitude: Degrees('-180 to 180; kept only with manualGeocoding, else found from the postal code.'),
  manualGeocoding: Type.Optional(Type.Boolean({ description: 'The coordinates are typed by hand (both required); false: found from the postal code and country.' })),
  stock: OptionalText(text.max, 'A warehouse’s default stock name, or null.'),
  openingHours: Type.Optional(
    Type.Union([OpeningHoursBody, Type.Null()], {
      description: 'A store’s opening hours: each day its ranges of local times HH:MM, in order, at most 4 (a day left out or empty: closed); null: not given (ENTITY_OPENING_HOURS_INVALID at openingHours.<day>).',
    }),
  ),
  showCart: Type.Optional(
    Type.Boolean({ description: 'A store’s "show cart" flag: its sellers and managers build carts of several devices (with multi_product_cart); false (the default): one device at a time. A store’s only: true for another type is refused (ENTITY_INVALID, ENTITY_SHOW_CART_STORE_ONLY at showCart).' }),
  ),
};

const CreateBody = Type.Object(
  {
    type: StringEnum(CREATABLE_TYPES, { description: 'Fixed after creation. The root management unit comes with its client (account).' }),
    parentOrganizationId: Type.Union([uuid, Type.Null()], { description: 'Required: a management unit or the root management unit (ENTITY_PARENT_TYPE_INVALID otherwise).' }),
    buyerId: Type.Optional(Type.Union([uuid, Type.Null()], { description: 'A buyer of the account; fixed after creation.' })),
    ...fields,
  },
  { additionalProperties: false },
);

const PatchBody = Type.Object(
  {
    ...Object.fromEntries(Object.entries(fields).map(([name, schema]) => [name, Type.Optional(schema)])),
    parentOrganizationId: Type.Optional(Type.Union([uuid, Type.Null()])),
    type: Type.Optional(StringEnum(ORGANIZATION_TYPES, { description: 'Fixed: only its current value is accepted (ENTITY_TYPE_FIXED).' })),
    moduleType: Type.Optional(Type.String({ maxLength: 16, description: 'Fixed: only its current value is accepted (ENTITY_MODULE_FIXED).' })),
    buyerId: Type.Optional(Type.Union([uuid, Type.Null()], { description: 'Fixed: only its current value is accepted (ENTITY_BUYER_FIXED).' })),
    reason: Type.Optional(Type.Union([Text(255), Type.Null()], { description: 'Why: shown in its history.' })),
  },
  { additionalProperties: false },
);

type Fields = { [K in keyof typeof fields]?: unknown };

function fieldsOf(body: Fields): CreateOrganizationInput['fields'] {
  return {
    commonName: body.commonName as string,
    corporateName: (body.corporateName as string | null | undefined) ?? null,
    street: (body.street as string | null | undefined) ?? null,
    streetComplement: (body.streetComplement as string | null | undefined) ?? null,
    zipCode: (body.zipCode as string | null | undefined) ?? null,
    city: (body.city as string | null | undefined) ?? null,
    country: body.country as string,
    externalId: (body.externalId as string | null | undefined) ?? null,
    email: (body.email as string | null | undefined) ?? null,
    status: body.status as 'active' | 'inactive',
    latitude: (body.latitude as number | null | undefined) ?? null,
    longitude: (body.longitude as number | null | undefined) ?? null,
    manualGeocoding: (body.manualGeocoding as boolean | undefined) ?? false,
    stock: (body.stock as string | null | undefined) ?? null,
    showCart: (body.showCart as boolean | undefined) ?? false,
    openingHours: (body.openingHours as OrganizationFields['openingHours'] | undefined) ?? null,
  };
}

export function entityRoutes(ports: EntityPorts): Route[] {
  const queries = new EntityQueries(ports);
  const onEntity = idParams('id');
  const list = { kind: 'authenticated', permission: 'organization.list' } as const;
  const notFound = { 404: 'Not an entity of the caller’s tenant (ENTITY_NOT_FOUND)' };
  return [
    ...listRoutes({
      path: '/organizations',
      tag,
      sorts: ORGANIZATION_SORTS,
      filters: {
        type: Type.Optional(Type.Array(StringEnum(ORGANIZATION_TYPES), { maxItems: MAX_QUERY_VALUES, description: 'type[]=store&type[]=warehouse' })),
        status: Type.Optional(StringEnum(ORGANIZATION_STATUSES)),
        name: Type.Optional(Text(255, 0, { description: 'A name (anywhere in it), or the start of an external id or a city; case aside.' })),
        parentOrganizationId: Type.Optional(uuid),
        exists: Type.Optional(
          Type.Object(
            { parentOrganizationId: Type.Optional(Type.Boolean()) },
            { additionalProperties: false, description: 'exists[parentOrganizationId]=false: the roots only; true: the entities that have a parent.' },
          ),
        ),
      },
      page: {
        operationId: 'listOrganizations',
        summary: 'The entities of the caller’s retailer (provider staff: every retailer, or the one named with ?accountId=), by name unless ordered otherwise',
        permission: 'organization.list',
        schema: OrganizationPage,
        handler: ({ principal }, query) => queries.list(principal, query),
      },
    }),
    defineRoute({
      method: 'get',
      path: '/organizations/tree',
      operationId: 'getOrganizationTree',
      summary: 'The caller’s tree of entities from its root management unit, each with its children (by name)',
      tag,
      access: list,
      response: { status: 200, description: 'The tree', schema: OrganizationTree },
      handler: async ({ principal }) => ({ body: await queries.tree(principal) }),
    }),
    defineRoute({
      method: 'get',
      path: '/organizations/available-parents',
      operationId: 'getAvailableParents',
      summary: 'The entities an entity of this type may hang under (a store, a unit, a warehouse or a buyer: the management units and the root); with organizationId, neither that entity nor anything below it',
      tag,
      access: list,
      query: Type.Object({ type: StringEnum(ORGANIZATION_TYPES), organizationId: Type.Optional(uuid) }, { additionalProperties: false }),
      response: { status: 200, description: 'The possible parents, by name', schema: OrganizationSummaries },
      otherResponses: notFound,
      handler: async ({ principal, query }) => ({ body: await queries.availableParents(principal, query.type, query.organizationId) }),
    }),
    defineRoute({
      method: 'get',
      path: '/organizations/root',
      operationId: 'getRootOrganization',
      summary: 'The root management unit of the caller’s retailer (provider staff name the account)',
      tag,
      access: list,
      response: { status: 200, description: 'The root', schema: OrganizationView },
      otherResponses: { 403: 'Provider staff naming no account (ACCOUNT_REQUIRED)', 404: 'The account has no root yet (ENTITY_NOT_FOUND)' },
      handler: async ({ principal }) => ({ body: await queries.root(principal) }),
    }),
    defineRoute({
      method: 'get',
      path: '/organizations/connected-warehouses',
      operationId: 'getConnectedWarehouses',
      summary: 'The active warehouses of the caller’s retailer, by name',
      tag,
      access: list,
      response: { status: 200, description: 'The warehouses', schema: OrganizationSummaries },
      handler: async ({ principal }) => ({ body: await queries.connectedWarehouses(principal) }),
    }),
    defineRoute({
      method: 'post',
      path: '/organizations',
      operationId: 'createOrganization',
      summary:
        'A new entity of the caller’s tree (provider staff name the account): a management unit, store, warehouse or buyer under a management unit or the root, with its fields (specification 002 §3). Every invalid field is named in ENTITY_INVALID’s details; an external id the account already has answers 409 ENTITY_EXTERNAL_ID_TAKEN',
      tag,
      access: { kind: 'authenticated', permission: createOrganization.permission as string },
      body: CreateBody,
      idempotent: true,
      response: { status: 201, description: 'Created (its revision in ETag)', schema: CommandAnswer },
      otherResponses: {
        403: 'Provider staff naming no account (ACCOUNT_REQUIRED)',
        409: 'The external id is already another entity’s (ENTITY_EXTERNAL_ID_TAKEN)',
        422: 'A field breaks the rules (ENTITY_INVALID, details.fields: the parent’s type, a cycle, the bounds)',
      },
      async handler(context) {
        const { type, parentOrganizationId, buyerId, ...rest } = context.body;
        const outcome = await createOrganization.run(ports, commandContext(context), { type, parentOrganizationId, buyerId: buyerId ?? null, fields: fieldsOf(rest) });
        return { ...commandResult(outcome, 201), headers: { ETag: etagOf(outcome.revision), Location: `/api/organizations/${outcome.id}` } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/organizations/{id}',
      operationId: 'getOrganization',
      summary: 'One entity of the caller’s tenant with every field (its ETag: the revision for If-Match)',
      tag,
      access: list,
      params: onEntity,
      response: { status: 200, description: 'The entity', schema: OrganizationDetailView },
      otherResponses: notFound,
      async handler({ principal, params }) {
        const entity = await queries.detail(principal, params.id);
        return { body: entity, headers: { ETag: etagOf(entity.revision) } };
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/organizations/{id}',
      operationId: 'changeOrganization',
      summary:
        'Changes what the body names of an entity (JSON merge-patch, application/merge-patch+json or application/json: what it leaves out stays, null empties a field); its type, module and buyer are fixed (ENTITY_TYPE_FIXED, ENTITY_MODULE_FIXED, ENTITY_BUYER_FIXED); `reason` says why, in its history. If-Match with its revision: another change since answers 412',
      tag,
      access: { kind: 'authenticated', permission: changeOrganization.permission as string },
      params: onEntity,
      body: PatchBody,
      conditional: true,
      response: { status: 200, description: 'Saved (the new revision in ETag; unchanged when nothing changed)', schema: CommandAnswer },
      otherResponses: {
        ...notFound,
        409: 'The external id is already another entity’s (ENTITY_EXTERNAL_ID_TAKEN)',
        412: 'If-Match names another revision: someone changed it since (PRECONDITION_FAILED)',
        422: 'A fixed field changed, or a field breaks the rules (ENTITY_INVALID, details.fields)',
      },
      async handler(context) {
        const { reason, ...changes } = context.body as Record<string, unknown> & { reason?: string | null };
        return commandResult(await changeOrganization.run(ports, commandContext(context), { organizationId: context.params.id, changes, reason: reason?.trim() || null }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/organizations/{id}/public',
      operationId: 'getOrganizationPublic',
      summary: 'What anyone of the tenant (a storefront visitor too) may know of an entity: its name, type, status and address; no e-mail, external id nor coordinates',
      tag,
      access: { kind: 'authenticated', permission: null, anonymous: true, permissionNote: 'Anyone signed in, or a storefront visitor, of the entity’s tenant.' },
      params: onEntity,
      response: { status: 200, description: 'The entity’s public part', schema: OrganizationPublicView },
      otherResponses: notFound,
      handler: async ({ principal, params }) => ({ body: await queries.publicDetail(principal, params.id) }),
    }),
    defineRoute({
      method: 'get',
      path: '/organizations/{id}/module-count',
      operationId: 'getOrganizationModuleCount',
      summary: 'How many entities of each module the entity and those below it hold (itself included)',
      tag,
      access: list,
      params: onEntity,
      response: { status: 200, description: 'The counts', schema: ModuleCountView },
      otherResponses: notFound,
      handler: async ({ principal, params }) => ({ body: await queries.moduleCount(principal, params.id) }),
    }),
    defineRoute({
      method: 'get',
      path: '/organizations/{id}/users-module-count',
      operationId: 'getOrganizationUsersModuleCount',
      summary: 'How many users have a role in each module at the entity or below it',
      tag,
      access: list,
      params: onEntity,
      response: { status: 200, description: 'The counts', schema: UsersModuleCountView },
      otherResponses: notFound,
      handler: async ({ principal, params }) => ({ body: await queries.usersModuleCount(principal, params.id) }),
    }),
    defineRoute({
      method: 'get',
      path: '/organizations/{id}/history',
      operationId: 'getOrganizationHistory',
      summary: 'Every event of the entity: what, when, who, why and each value it changed (from, to), oldest first',
      tag,
      access: list,
      params: onEntity,
      response: { status: 200, description: 'The history', schema: OrganizationHistory },
      otherResponses: notFound,
      handler: async ({ principal, params }) => ({ body: await queries.history(principal, params.id) }),
    }),
  ];
}
