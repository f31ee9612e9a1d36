import type { DependencyContainer } from 'tsyringe';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config.js';
import { TOKENS } from '../../../application/tokens.js';
import type { AuthService } from '../../../application/organizations/auth-service.js';
import type { MenuEntry } from '../../../application/organizations/menu.js';
import { PLATFORM_STAFF, ROOT_MANAGERS } from '../../../application/organizations/permissions.js';
import type { Clock, IdGenerator } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { EventStore } from '../../../application/ports/event-store.js';
import type { PersonalDataVault } from '../../../application/ports/personal-data.js';
import { SSO_PENDING_COLLECTION, SSO_SESSIONS_COLLECTION } from '../../../application/organizations/sso/read-model.js';
import type { SsoSignInPorts } from '../../../application/organizations/sso/sso-sign-in.js';
import { SSO_STREAMS } from '../../../application/organizations/sso/streams.js';
import { ssoConfigurationsProjection } from '../../../projections/organizations/sso-configurations-projection.js';
import { ssoRoutes } from '../../http/routes/organizations/sso-routes.js';
import { OpenIdClientAdapter } from '../../security/openid/openid-client-adapter.js';
import type { Throttles } from '../../security/throttle-stores.js';

/**
 * Single sign-on's part of the organizations manifest (OpenID Connect with
 * openid-client): its streams (configurations, domains' reservations), read model, collections, permission, refusals,
 * menu entry and routes. The OIDC client is one per platform (it keeps each
 * provider's discovered configuration a few minutes).
 */
export const ssoStreams = Object.values(SSO_STREAMS);
export const ssoProjections = [ssoConfigurationsProjection];
export const ssoCollections = [SSO_PENDING_COLLECTION, SSO_SESSIONS_COLLECTION];

export const ssoPermissions = {
  'sso.manage': {
    description: "See and change the retailer's single sign-on (OpenID Connect) configuration, and its history",
    holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS],
  },
};

export const ssoErrors = {
  SSO_ORGANIZATION_NOT_FOUND: 404,
  SSO_CONFIGURATION_ERROR: 502,
  SSO_CALLBACK_FAILED: 401,
  SSO_ROOT_ORGANIZATION_NOT_FOUND: 404,
  SSO_CONFIGURATION_INVALID: 422,
  SSO_DOMAIN_TAKEN: 409,
  // The field-level codes of SSO_CONFIGURATION_INVALID's details (each with its message).
  SSO_DOMAIN_INVALID: 422,
  SSO_TOO_MANY_DOMAINS: 422,
  SSO_URL_INVALID: 422,
  SSO_SCOPE_OPENID_MISSING: 422,
  SSO_CLAIM_INVALID: 422,
  SSO_ROLE_INVALID: 422,
  SSO_TOO_MANY_ROLES: 422,
} as const;

export const ssoMenu: MenuEntry[] = [{ section: 'administration', key: 'sso', path: '/connectors/SSO', permission: 'sso.manage' }];

/** Sign-ins begun (and callbacks failed) per client address in ten minutes, before a ten-minute block. */
const SIGN_INS_PER_ADDRESS = 30;
/** How long a begun sign-in waits for its callback. */
const PENDING_TTL_MINUTES = 10;

const oidcClients = new WeakMap<DependencyContainer, OpenIdClientAdapter>();

export function ssoPortsOf(container: DependencyContainer): SsoSignInPorts {
  let oidc = oidcClients.get(container);
  if (!oidc) oidcClients.set(container, (oidc = new OpenIdClientAdapter()));
  return {
    eventStore: container.resolve<EventStore>(TOKENS.EventStore),
    documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
    clock: container.resolve<Clock>(TOKENS.Clock),
    ids: container.resolve<IdGenerator>(TOKENS.IdGenerator),
    vault: container.resolve<PersonalDataVault>(TOKENS.PersonalDataVault),
    publicBaseUrl: container.resolve<AppConfig>(TOKENS.Config).publicBaseUrl,
    oidc,
    pendingTtlMinutes: PENDING_TTL_MINUTES,
  };
}

export function ssoRoutesOf(container: DependencyContainer) {
  return ssoRoutes({
    ports: ssoPortsOf(container),
    auth: container.resolve<AuthService>(TOKENS.AuthService),
    perAddress: container.resolve<Throttles>(TOKENS.Throttles).create('sso-sign-ins', SIGN_INS_PER_ADDRESS, 600, 600),
    logger: container.resolve<Logger>(TOKENS.Logger),
  });
}
