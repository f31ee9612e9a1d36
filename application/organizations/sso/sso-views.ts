/**
 * What the SSO routes answer (TypeBox): the handlers' return types, the
 * OpenAPI schemas, the types the dashboard imports. No view carries the
 * client secret: only whether one is set.
 */
import { MODULE_TYPES, USER_TYPES } from '../../../domain/organizations/events.js';
import { DateTime, Nullable, StringEnum, Type, type Static } from '../../views/schema.js';

export const SsoRoleMatchView = Type.Object(
  { claimValue: Type.String(), module: StringEnum(MODULE_TYPES), userType: StringEnum(USER_TYPES) },
  { title: 'SsoRoleMatch', description: 'A value of the role claim and the user type it gives in one module.' },
);

export const SsoFieldMatchingView = Type.Object(
  { firstname: Type.String(), lastname: Type.String(), email: Type.String() },
  { title: 'SsoFieldMatching', description: 'The claims that carry the first name, the last name and the e-mail.' },
);

export const SsoConfigurationView = Type.Object(
  {
    organizationId: Type.String(),
    accountId: Type.String(),
    /** False until the first save: the other fields then hold the defaults. */
    configured: Type.Boolean(),
    domains: Type.Array(Type.String()),
    clientId: Type.String(),
    secretSet: Type.Boolean({ description: 'Whether a client secret is stored (it is never answered).' }),
    discoveryEndpoint: Type.String(),
    scope: Type.String(),
    roleClaim: Type.String(),
    entityClaim: Nullable(Type.String()),
    roleMatching: Type.Array(SsoRoleMatchView),
    fieldMatching: SsoFieldMatchingView,
    /** The user types each module's role matching may give. */
    assignableRoles: Type.Array(Type.Object({ module: StringEnum(MODULE_TYPES), userTypes: Type.Array(StringEnum(USER_TYPES)) })),
    /** The redirect URI to register at the provider for this organization. */
    redirectUri: Type.String(),
    updatedAt: Nullable(DateTime),
    revision: Type.Integer({ minimum: -1, description: 'Its stream revision (-1 before the first save), also the ETag: send it back as If-Match.' }),
  },
  { title: 'SsoConfiguration' },
);
export type SsoConfigurationView = Static<typeof SsoConfigurationView>;

export const SsoHistoryEntryView = Type.Object(
  {
    revision: Type.Integer({ minimum: 0 }),
    occurredAt: DateTime,
    userId: Nullable(Type.String()),
    userName: Nullable(Type.String()),
    changedFields: Type.Array(Type.String(), { description: 'The fields the save changed (clientSecret: a new secret, never shown).' }),
    reason: Nullable(Type.String()),
  },
  { title: 'SsoHistoryEntry' },
);
export const SsoHistoryView = Type.Array(SsoHistoryEntryView, { title: 'SsoHistory' });
export type SsoHistoryView = Static<typeof SsoHistoryView>;

export const SsoAuthorizationUrlView = Type.Object(
  { url: Type.String({ description: "The identity provider's authorization URL: send the browser there." }), organizationId: Type.String() },
  { title: 'SsoAuthorizationUrl' },
);
export type SsoAuthorizationUrlView = Static<typeof SsoAuthorizationUrlView>;

export const SsoLogoutView = Type.Object(
  { url: Nullable(Type.String({ description: "The identity provider's end-session URL; null: go to the login page." })) },
  { title: 'SsoLogout' },
);
export type SsoLogoutView = Static<typeof SsoLogoutView>;
