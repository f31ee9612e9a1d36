/**
 * What the user routes answer (TypeBox): the handlers' return types, the
 * OpenAPI schemas, the types the dashboard imports.
 */
import { MODULE_TYPES, USER_TYPES } from '../../../domain/organizations/events.js';
import { ADMIN_TYPES, USER_STATUSES } from '../../../domain/organizations/user/user.js';
import { DateTime, ListPage, Nullable, StringEnum, Type, type Static } from '../../views/schema.js';
import { LOCALES, ORGANIZATION_TYPES } from '../../../domain/organizations/events.js';

export const UserModuleView = Type.Object(
  {
    module: StringEnum(MODULE_TYPES),
    userType: StringEnum(USER_TYPES),
    organizationId: Type.String(),
    /** The parent entity's common name (null when it no longer exists). */
    organizationName: Nullable(Type.String()),
  },
  { title: 'UserModule' },
);

export const UserView = Type.Object(
  {
    id: Type.String(),
    accountId: Nullable(Type.String({ description: 'The retailer; null for an admin user (provider staff).' })),
    email: Type.String(),
    firstname: Type.String(),
    lastname: Type.String(),
    status: StringEnum(USER_STATUSES),
    locale: StringEnum(LOCALES),
    adminType: Nullable(StringEnum(ADMIN_TYPES)),
    forceSso: Type.Boolean({ description: 'Signs in only through the organization’s identity provider.' }),
    modules: Type.Array(UserModuleView, { description: 'A role and a parent entity per module.' }),
    lastLoginAt: Nullable(DateTime),
    invitedAt: Nullable(DateTime),
    passwordSetAt: Nullable(DateTime),
    createdAt: DateTime,
    updatedAt: Nullable(DateTime),
  },
  { title: 'User' },
);
export type UserView = Static<typeof UserView>;

export const UserDetailView = Type.Composite(
  [UserView, Type.Object({ revision: Type.Integer({ minimum: 0, description: 'Its stream revision, also the ETag: send it back as If-Match.' }) })],
  { title: 'UserDetail' },
);
export type UserDetailView = Static<typeof UserDetailView>;

export const UserPage = ListPage(UserView, 'UserPage');
export type UserPage = Static<typeof UserPage>;

export const UserPermissionsView = Type.Object(
  {
    items: Type.Array(
      Type.Object({
        module: Nullable(StringEnum(MODULE_TYPES, { description: 'null: an admin user’s permissions outside any module.' })),
        userType: StringEnum(USER_TYPES),
        permissions: Type.Array(Type.String()),
      }),
    ),
  },
  { title: 'UserPermissions' },
);
export type UserPermissionsView = Static<typeof UserPermissionsView>;

export const UserCurrentOrganizationView = Type.Object(
  {
    module: Nullable(StringEnum(MODULE_TYPES)),
    organization: Nullable(
      Type.Object({ id: Type.String(), commonName: Type.String(), type: StringEnum(ORGANIZATION_TYPES), moduleType: StringEnum(MODULE_TYPES) }),
    ),
  },
  { title: 'UserCurrentOrganization' },
);
export type UserCurrentOrganizationView = Static<typeof UserCurrentOrganizationView>;

export const UserHistoryEntryView = Type.Object(
  {
    revision: Type.Integer({ minimum: 0 }),
    type: StringEnum(['UserRegistered', 'UserChanged', 'UserPasswordSet', 'UserInvited', 'UserSignedIn'] as const),
    occurredAt: DateTime,
    userId: Nullable(Type.String({ description: 'Who did it (null: the system or the user themselves).' })),
    userName: Nullable(Type.String()),
    changedFields: Type.Array(Type.String(), { description: 'UserChanged: the fields that changed.' }),
    reason: Nullable(Type.String()),
  },
  { title: 'UserHistoryEntry' },
);
export const UserHistoryView = Type.Object({ items: Type.Array(UserHistoryEntryView) }, { title: 'UserHistory' });
export type UserHistoryView = Static<typeof UserHistoryView>;

export const AssignableUserTypesView = Type.Object(
  {
    items: Type.Array(
      Type.Object({
        module: StringEnum(MODULE_TYPES),
        userTypes: Type.Array(StringEnum(USER_TYPES)),
        entityTypes: Type.Array(StringEnum(ORGANIZATION_TYPES), { description: 'The entity types a user of this module works for.' }),
      }),
    ),
    adminTypes: Type.Array(StringEnum(ADMIN_TYPES), { description: 'The admin types the caller may give (user.assign_admin), else empty.' }),
  },
  { title: 'AssignableUserTypes' },
);
export type AssignableUserTypesView = Static<typeof AssignableUserTypesView>;

export const PermissionMatrixView = Type.Object(
  {
    userTypes: Type.Array(StringEnum(USER_TYPES)),
    permissions: Type.Array(
      Type.Object({
        name: Type.String(),
        description: Type.String({ description: 'In the caller’s language.' }),
        holders: Type.Array(StringEnum(USER_TYPES)),
      }),
    ),
  },
  { title: 'PermissionMatrix' },
);
export type PermissionMatrixView = Static<typeof PermissionMatrixView>;
