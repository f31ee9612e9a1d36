/**
 * Single sign-on (OpenID Connect, authorization code with PKCE): the start
 * (`GET /open-id/authorization-url?domain=`), which finds the organization
 * owning the e-mail's domain and keeps the state, nonce and PKCE verifier
 * server side (short-lived, single use); and the callback, which exchanges
 * the code (state, nonce and PKCE checked by the OIDC client), reads the
 * user out of the claims as the configuration says, creates or updates them
 * and records the sign-in. The HTTP route then opens the session.
 */
import { createHash } from 'node:crypto';
import { identityFromClaims, type SsoIdentity } from '../../../domain/organizations/sso/claims.js';
import { emailDomainOf, type SsoSettings } from '../../../domain/organizations/sso/sso-configuration.js';
import { ENTITY_TYPES_BY_MODULE } from '../../../domain/organizations/user/user.js';
import type { ModuleType, UserModules, UserSignedIn } from '../../../domain/organizations/events.js';
import { DomainError } from '../../../domain/shared/domain-error.js';
import { ApplicationError } from '../../commands/errors.js';
import { toNewEvent } from '../../events/codec.js';
import { ORGANIZATION_COLLECTIONS, type OrganizationDocument, type UserDocument } from '../read-models.js';
import { ORGANIZATION_STREAMS } from '../streams.js';
import { createUser } from '../users/create-user.js';
import { changeUser } from '../users/change-user.js';
import { systemActor } from '../users/user-ports.js';
import { OidcCallbackError, type OidcClient } from './oidc-client.js';
import { SSO_CONFIGURATIONS_COLLECTION, SSO_PENDING_COLLECTION, type PendingSsoSignIn, type SsoConfigurationDocument } from './read-model.js';
import { configurationWithSecret, redirectUriOf, type SsoPorts } from './sso-configuration.js';

export interface SsoSignInPorts extends SsoPorts {
  oidc: OidcClient;
  /** How long a begun sign-in may wait for its callback. */
  pendingTtlMinutes: number;
}

const stateId = (state: string) => createHash('sha256').update(`sso-state:${state}`).digest('hex');

/** The organization whose configuration owns the domain of `emailOrDomain`, or SSO_ORGANIZATION_NOT_FOUND. */
export async function organizationOfDomain(ports: Pick<SsoPorts, 'documents'>, emailOrDomain: string): Promise<SsoConfigurationDocument> {
  const domain = emailDomainOf(emailOrDomain);
  const [configuration] = domain
    ? await ports.documents.collection<SsoConfigurationDocument>(SSO_CONFIGURATIONS_COLLECTION).find({ domains: domain }, { limit: 1 })
    : [];
  if (!configuration) throw new ApplicationError('SSO_ORGANIZATION_NOT_FOUND');
  return configuration;
}

/** The provider's authorization URL for the organization owning the e-mail's domain. */
export async function beginSignIn(ports: SsoSignInPorts, emailOrDomain: string): Promise<{ url: string; organizationId: string }> {
  const { organizationId } = await organizationOfDomain(ports, emailOrDomain);
  const configuration = await configurationWithSecret(ports, organizationId);
  if (!configuration) throw new ApplicationError('SSO_CONFIGURATION_ERROR', { reason: 'incomplete' });
  const redirectUri = redirectUriOf(ports.publicBaseUrl, organizationId);
  const request = await providerCall(() =>
    ports.oidc.authorizationRequest(providerOf(configuration), redirectUri, configuration.settings.scope),
  );
  const now = Date.parse(ports.clock.now());
  const pending = ports.documents.collection<PendingSsoSignIn>(SSO_PENDING_COLLECTION);
  await forgetExpired(ports, now);
  await pending.upsert({
    _id: stateId(request.state),
    organizationId,
    nonce: request.nonce,
    codeVerifier: request.codeVerifier,
    redirectUri,
    expiresAt: new Date(now + ports.pendingTtlMinutes * 60_000).toISOString(),
  });
  return { url: request.url, organizationId };
}

export interface CallbackInput {
  organizationId: string;
  code: string;
  state: string;
  /** The issuer the provider named in its answer (RFC 9207), when it names one. */
  iss?: string;
  correlationId: string;
}

/**
 * Finishes a sign-in: the state must be one this server gave for this
 * organization, not used yet nor expired (it is used up here, whatever
 * follows); then the code is exchanged and the user created or updated.
 */
export async function finishSignIn(ports: SsoSignInPorts, input: CallbackInput): Promise<{ user: UserDocument; idToken: string | null; position: number | null }> {
  const pending = ports.documents.collection<PendingSsoSignIn>(SSO_PENDING_COLLECTION);
  const begun = await pending.get(stateId(input.state));
  if (!begun || begun.organizationId !== input.organizationId) throw callbackFailed('state_unknown');
  if (!(await pending.delete(begun._id))) throw callbackFailed('state_used');
  if (begun.expiresAt <= ports.clock.now()) throw callbackFailed('state_expired');
  const configuration = await configurationWithSecret(ports, input.organizationId);
  if (!configuration) throw new ApplicationError('SSO_CONFIGURATION_ERROR', { reason: 'incomplete' });
  const callbackUrl = new URL(begun.redirectUri);
  callbackUrl.searchParams.set('code', input.code);
  callbackUrl.searchParams.set('state', input.state);
  if (input.iss) callbackUrl.searchParams.set('iss', input.iss);
  const { claims, idToken } = await providerCall(() =>
    ports.oidc.finish(providerOf(configuration), callbackUrl, { state: input.state, nonce: begun.nonce, codeVerifier: begun.codeVerifier }),
  );
  const identity = identityFromClaims(configuration.settings, claims);
  const { user, position } = await signedInUser(ports, configuration.settings, input, identity);
  return { user, idToken, position };
}

/** The user the identity names, created or brought up to date from it, with their sign-in recorded. */
async function signedInUser(
  ports: SsoSignInPorts,
  settings: SsoSettings,
  input: CallbackInput,
  identity: SsoIdentity,
): Promise<{ user: UserDocument; position: number | null }> {
  const root = await ports.documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations).get(input.organizationId);
  if (!root) throw new ApplicationError('SSO_CONFIGURATION_ERROR', { reason: 'organization' });
  const accountId = root.accountId;
  const modules = await modulesOf(ports, root, identity);
  const users = ports.documents.collection<UserDocument>(ORGANIZATION_COLLECTIONS.users);
  const [existing] = await users.find({ email: identity.email }, { limit: 1 });
  if (existing && (existing.accountId !== accountId || existing.adminType !== null)) throw callbackFailed('user_elsewhere');
  if (existing && existing.status !== 'active') throw new ApplicationError('AUTH_ACCOUNT_INACTIVE');
  const actor = systemActor(accountId, ['user.manage', 'user.force_sso'], input.correlationId);
  actor.principal.organizationId = root._id;
  let userId: string;
  try {
    if (existing) {
      userId = existing._id;
      const changes = {
        ...(identity.firstname !== existing.firstname ? { firstname: identity.firstname } : {}),
        ...(identity.lastname !== existing.lastname ? { lastname: identity.lastname } : {}),
        ...(Object.keys(modules).length > 0 && JSON.stringify(modules) !== JSON.stringify(existing.modules) ? { modules } : {}),
      };
      if (Object.keys(changes).length > 0) await changeUser(ports, { userId, changes, reason: 'sso' }, actor);
    } else {
      if (Object.keys(modules).length === 0) throw callbackFailed('no_role');
      const created = await createUser(
        ports,
        { email: identity.email, firstname: identity.firstname, lastname: identity.lastname, modules, forceSso: true, accountId },
        actor,
      );
      userId = created.id;
    }
  } catch (error) {
    // The claims make no valid user (a name too short, a role the entity cannot hold): the sign-in fails, saying why.
    if ((error instanceof DomainError || error instanceof ApplicationError) && error.code.startsWith('USER_')) throw callbackFailed('profile', { cause: error.code });
    throw error;
  }
  const signedIn: UserSignedIn = { type: 'UserSignedIn', data: { userId, method: 'sso' } };
  const metadata = {
    accountId,
    organizationId: root._id,
    userId,
    correlationId: input.correlationId,
    causationId: null,
    occurredAt: ports.clock.now(),
  };
  const appended = await ports.eventStore.appendToStream(ORGANIZATION_STREAMS.user.name(userId), [toNewEvent(signedIn, ports.ids.uuid(), metadata)], 'any');
  const user = (await users.get(userId)) ?? presumedUser(userId, accountId, identity, modules, metadata.occurredAt);
  return { user: { ...user, firstname: identity.firstname, lastname: identity.lastname, ...(Object.keys(modules).length > 0 ? { modules } : {}) }, position: appended.lastGlobalPosition };
}

/** The user as just registered, before the read model has it (the answer waits for it anyway). */
function presumedUser(userId: string, accountId: string, identity: SsoIdentity, modules: UserModules, now: string): UserDocument {
  return {
    _id: userId,
    userId,
    accountId,
    email: identity.email,
    firstname: identity.firstname,
    lastname: identity.lastname,
    passwordHash: null,
    adminType: null,
    modules,
    locale: 'fr-FR',
    status: 'active',
    forceSso: true,
    createdAt: now,
  };
}

/**
 * The user's role and organization in each module the role claim matched:
 * the organization the entity claim names (its external id or id, in the
 * retailer's tree) where it may hold that module's role, else, for the root
 * module, the root organization.
 */
async function modulesOf(ports: SsoSignInPorts, root: OrganizationDocument, identity: SsoIdentity): Promise<UserModules> {
  let entity: OrganizationDocument | null = null;
  if (identity.entity) {
    const organizations = ports.documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations);
    entity = (await organizations.find({ accountId: root.accountId, externalId: identity.entity }, { limit: 1 }))[0] ?? null;
    if (!entity) {
      const byId = await organizations.get(identity.entity);
      entity = byId && byId.accountId === root.accountId ? byId : null;
    }
    if (!entity) throw callbackFailed('entity_unknown');
  }
  const modules: UserModules = {};
  for (const [module, userType] of Object.entries(identity.roles) as Array<[ModuleType, NonNullable<SsoIdentity['roles'][ModuleType]>]>) {
    const fits = entity !== null && ENTITY_TYPES_BY_MODULE[module].includes(entity.type);
    const organization = fits ? entity : module === 'root' ? root : null;
    if (!organization) throw callbackFailed('entity_module', { module });
    modules[module] = { userType, organizationId: organization._id };
  }
  return modules;
}

function providerOf(configuration: { settings: SsoSettings; clientSecret: string }) {
  return { discoveryEndpoint: configuration.settings.discoveryEndpoint, clientId: configuration.settings.clientId, clientSecret: configuration.clientSecret };
}

/** A call to the provider: its refusal of the answer fails the callback; anything else is the configuration's (or the provider's) fault. */
async function providerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof OidcCallbackError) throw callbackFailed(error.reason);
    throw new ApplicationError('SSO_CONFIGURATION_ERROR', { reason: (error as { reason?: string }).reason ?? 'provider' });
  }
}

function callbackFailed(reason: string, details: Record<string, unknown> = {}): ApplicationError {
  return new ApplicationError('SSO_CALLBACK_FAILED', { reason, ...details });
}

async function forgetExpired(ports: Pick<SsoPorts, 'documents'>, now: number): Promise<void> {
  const pending = ports.documents.collection<PendingSsoSignIn>(SSO_PENDING_COLLECTION);
  const expired = await pending.find({ expiresAt: { $lt: new Date(now).toISOString() } }, { limit: 50 });
  await Promise.all(expired.map((entry) => pending.delete(entry._id)));
}
