import { MODULE_TYPES, USER_TYPES, LOCALES, type UserChanges, type UserModules } from '../../../../domain/organizations/events.js';
import { ADMIN_TYPES, USER_LIMITS, USER_STATUSES } from '../../../../domain/organizations/user/user.js';
import { changeUserCommand } from '../../../../application/organizations/users/change-user.js';
import { createUserCommand, type CreateUserInput, type UserOutcome } from '../../../../application/organizations/users/create-user.js';
import type { UserPorts } from '../../../../application/organizations/users/user-ports.js';
import {
  assignableUserTypes,
  listUsers,
  permissionMatrix,
  USER_SORTS,
  userCurrentOrganization,
  userDetail,
  userHistory,
  userPermissions,
} from '../../../../application/organizations/users/user-queries.js';
import {
  AssignableUserTypesView,
  PermissionMatrixView,
  UserCurrentOrganizationView,
  UserDetailView,
  UserHistoryView,
  UserPage,
  UserPermissionsView,
} from '../../../../application/organizations/users/user-views.js';
import type { PermissionMatrix } from '../../../../application/organizations/permissions.js';
import type { Texts } from '../../../../application/ports/texts.js';
import type { Principal } from '../../../../application/organizations/principal.js';
import { CommandAnswer } from '../../../../application/views/schema.js';
import { commandContext, commandResult } from '../../command-route.js';
import { etagOf } from '../../etag.js';
import { listRoutes } from '../../list-route.js';
import { defineRoute, type Route } from '../../route.js';
import { StringEnum, Text, Type, idParams } from '../schemas.js';

const tag = 'users';
const name = USER_LIMITS.name;

/** A role at an entity; the role and entity are checked by the user's rules (each problem named at its field). */
const Role = Type.Object(
  {
    userType: Text(64, 0, { description: `One of the module’s assignable user types (GET /assignable-user-types).` }),
    organizationId: Text(64, 0, { description: 'The parent entity: a store (tim), a warehouse (rps), a buyer (lcm), the root or a management unit (root), of the user’s retailer.' }),
  },
  { additionalProperties: false },
);
/** Per module: a role, or null (in a PATCH: the module is taken away, JSON merge-patch). */
const NullableRole = Type.Union([Role, Type.Null()]);
const modulesDescription = { additionalProperties: false, description: 'root, tim, rps, lcm: a role and a parent entity each; a client user has at least one.' };
const NewModules = Type.Object(
  { root: Type.Optional(Role), tim: Type.Optional(Role), rps: Type.Optional(Role), lcm: Type.Optional(Role) },
  modulesDescription,
);
const ModulesPatch = Type.Object(
  { root: Type.Optional(NullableRole), tim: Type.Optional(NullableRole), rps: Type.Optional(NullableRole), lcm: Type.Optional(NullableRole) },
  modulesDescription,
);

const fields = {
  firstname: Text(2 * name.max, 0, { description: `${name.min} to ${name.max} characters.` }),
  lastname: Text(2 * name.max, 0, { description: `${name.min} to ${name.max} characters.` }),
  email: Text(2 * USER_LIMITS.email.max, 0, { description: 'Unique across the platform (USER_EMAIL_TAKEN).' }),
  status: Type.Optional(StringEnum(USER_STATUSES)),
  locale: Type.Optional(StringEnum(LOCALES)),
  adminType: Type.Optional(Type.Union([StringEnum(ADMIN_TYPES), Type.Null()], { description: 'Provider staff holding user.assign_admin only: an admin user, of no retailer.' })),
  forceSso: Type.Optional(Type.Boolean({ description: 'Signs in only through the organization’s identity provider; needs user.force_sso to change.' })),
};

const refusals = {
  403: 'An admin user or admin type without user.assign_admin (USER_ADMIN_NOT_ALLOWED), the force-SSO flag without user.force_sso (USER_FORCE_SSO_NOT_ALLOWED)',
  409: 'The e-mail belongs to another user (USER_EMAIL_TAKEN)',
  422: 'A field breaks the rules (USER_INVALID, details.fields: names, e-mail, status, at least one module, a role of the module, an entity of the module in the retailer)',
};

export interface UserRouteDeps {
  ports: UserPorts;
  matrix: PermissionMatrix;
  texts: Texts;
  /** After a creation: the invitation e-mail (passwords part), once the user is in the read models. */
  afterCreation?: (outcome: UserOutcome, principal: Principal, correlationId: string) => Promise<number | null>;
}

export function userRoutes(deps: UserRouteDeps): Route[] {
  const { ports } = deps;
  const onUser = idParams('id');
  return [
    ...listRoutes({
      path: '/users',
      tag,
      sorts: USER_SORTS,
      personalData: true,
      filters: {
        name: Type.Optional(
          Text(255, 0, {
            description:
              'The start of the first name, of the last name, or of the whole name in either order ("first last" or "last first"), accents and case aside: "mar" finds Martin and Marie, "le g" Le Gall, "elodie m" Élodie Martin; not the middle of a name',
          }),
        ),
        email: Type.Optional(
          Text(255, 0, { description: 'The start of the e-mail address or of its domain (the part after the @), case aside: "camille." or "demo-retail"; not another part of it' }),
        ),
        status: Type.Optional(StringEnum(USER_STATUSES)),
        module: Type.Optional(StringEnum(MODULE_TYPES)),
        role: Type.Optional(StringEnum(USER_TYPES)),
        entity: Type.Optional(Text(64)),
      },
      page: {
        operationId: 'listUsers',
        summary:
          'The users the caller administers (a retailer’s: its own; provider staff: all, or the account named), by last name unless ordered otherwise; filters: name (the start of a first or last name, or of the whole name in either order, accents and case aside), e-mail (the start of the address or of its domain), status, module, role, entity. Each with its modules, last login and creation date',
        permission: 'user.list',
        schema: UserPage,
        handler: ({ principal }, query) => listUsers(ports.documents, principal, query),
      },
    }),
    defineRoute({
      method: 'get',
      path: '/assignable-user-types',
      operationId: 'getAssignableUserTypes',
      summary: 'The roles each module may give (and the entity types its users work for), and the admin types the caller may give',
      tag,
      access: { kind: 'authenticated', permission: 'user.list' },
      response: { status: 200, description: 'The assignable user types', schema: AssignableUserTypesView },
      handler: async ({ principal }) => ({ body: assignableUserTypes(principal) }),
    }),
    defineRoute({
      method: 'get',
      path: '/permission-matrix',
      operationId: 'getPermissionMatrix',
      summary: 'The role-to-permission matrix (the source of docs/permissions.md): every permission, what it allows in the caller’s language, and the user types holding it',
      tag,
      access: { kind: 'authenticated', permission: 'user.list' },
      response: { status: 200, description: 'The matrix', schema: PermissionMatrixView },
      handler: async ({ locale }) => ({ body: permissionMatrix(deps.matrix, deps.texts, locale) }),
    }),
    defineRoute({
      method: 'post',
      path: '/users',
      operationId: 'createUser',
      summary:
        'A new user, without a password: first and last name, e-mail (unique on the platform), status, language, a role and a parent entity per module (at least one), force-SSO (user.force_sso). Provider staff name the retailer (accountId, else the entities’ own) or create an admin user (adminType, user.assign_admin). The user is then invited by e-mail to set a password',
      tag,
      access: { kind: 'authenticated', permission: createUserCommand.permission as string },
      body: Type.Object({ ...fields, modules: Type.Optional(NewModules), accountId: Type.Optional(Text(64)) }, { additionalProperties: false }),
      idempotent: true,
      personalData: true,
      response: { status: 201, description: 'Created (its revision in ETag)', schema: CommandAnswer },
      otherResponses: { 403: `${refusals[403]}; no account named by provider staff (ACCOUNT_REQUIRED)`, 409: refusals[409], 422: refusals[422] },
      async handler(context) {
        const body = context.body;
        const input: CreateUserInput = { ...body, modules: (body.modules ?? {}) as UserModules };
        const outcome = await createUserCommand.run(ports, commandContext(context), input);
        const invited = (await deps.afterCreation?.(outcome, context.principal, context.correlationId)) ?? null;
        const answer = commandResult(outcome, 201);
        return { ...answer, position: invited ?? answer.position, headers: { ETag: etagOf(outcome.revision), Location: `/api/users/${outcome.id}` } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/users/{id}',
      operationId: 'getUser',
      summary: 'One user the caller administers (another retailer’s: 404), with their modules, last login and dates (its ETag: the revision for If-Match)',
      tag,
      access: { kind: 'authenticated', permission: 'user.list' },
      params: onUser,
      personalData: true,
      response: { status: 200, description: 'The user', schema: UserDetailView },
      async handler({ principal, params }) {
        const user = await userDetail(ports, principal, params.id);
        return { body: user, headers: { ETag: etagOf(user.revision) } };
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/users/{id}',
      operationId: 'updateUser',
      summary:
        'Changes what the body names (JSON merge-patch: what it leaves out stays; a module set to null is taken away). A user made inactive, or left with no module, is signed out at once. If-Match with its revision: another change since answers 412',
      tag,
      access: { kind: 'authenticated', permission: changeUserCommand.permission as string },
      params: onUser,
      body: Type.Object(
        {
          firstname: Type.Optional(fields.firstname),
          lastname: Type.Optional(fields.lastname),
          email: Type.Optional(fields.email),
          status: fields.status,
          locale: fields.locale,
          adminType: fields.adminType,
          forceSso: fields.forceSso,
          modules: Type.Optional(ModulesPatch),
          reason: Type.Optional(Type.Union([Text(500), Type.Null()], { description: 'Why, shown in the history.' })),
        },
        { additionalProperties: false },
      ),
      conditional: true,
      personalData: true,
      response: { status: 200, description: 'Saved (the new revision in ETag; unchanged when nothing changed)', schema: CommandAnswer },
      otherResponses: { 403: refusals[403], 409: refusals[409], 412: 'If-Match names another revision (PRECONDITION_FAILED)', 422: refusals[422] },
      async handler(context) {
        const { modules, reason, ...rest } = context.body;
        const changes: UserChanges = { ...rest };
        if (modules) {
          const current = (await userDetail(ports, context.principal, context.params.id)).modules;
          const merged: Record<string, unknown> = Object.fromEntries(current.map((role) => [role.module, { userType: role.userType, organizationId: role.organizationId }]));
          for (const [module, role] of Object.entries(modules as Record<string, unknown>)) {
            if (role === null) delete merged[module];
            else if (role !== undefined) merged[module] = role;
          }
          changes.modules = merged as UserModules;
        }
        return commandResult(await changeUserCommand.run(ports, commandContext(context), { userId: context.params.id, changes, reason: reason ?? null }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/users/{id}/permissions',
      operationId: 'getUserPermissions',
      summary: 'What the user may do, per module (an admin user: also outside any module)',
      tag,
      access: { kind: 'authenticated', permission: 'user.list' },
      params: onUser,
      response: { status: 200, description: 'The permissions', schema: UserPermissionsView },
      handler: async ({ principal, params }) => ({ body: await userPermissions(ports.documents, deps.matrix, principal, params.id) }),
    }),
    defineRoute({
      method: 'get',
      path: '/users/{id}/current-organization',
      operationId: 'getUserCurrentOrganization',
      summary: 'The organization the user works for in the module asked (by default their first one)',
      tag,
      access: { kind: 'authenticated', permission: 'user.list' },
      params: onUser,
      query: Type.Object({ module: Type.Optional(StringEnum(MODULE_TYPES)) }, { additionalProperties: false }),
      response: { status: 200, description: 'The current organization', schema: UserCurrentOrganizationView },
      handler: async ({ principal, params, query }) => ({ body: await userCurrentOrganization(ports.documents, principal, params.id, query.module) }),
    }),
    defineRoute({
      method: 'get',
      path: '/users/{id}/history',
      operationId: 'getUserHistory',
      summary: 'Everything that happened to the user, oldest first: created, changed (which fields, by whom, why), invited, password set, signed in',
      tag,
      access: { kind: 'authenticated', permission: 'user.list' },
      params: onUser,
      response: { status: 200, description: 'The history', schema: UserHistoryView },
      handler: async ({ principal, params }) => ({ body: await userHistory(ports, principal, params.id) }),
    }),
  ];
}
