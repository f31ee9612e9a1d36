import type { Logger } from 'pino';
import { hashToken, type AuthService } from '../../../../application/organizations/auth-service.js';
import { LoginView } from '../../../../application/organizations/organization-views.js';
import { SSO_SESSIONS_COLLECTION, type SsoSessionDocument } from '../../../../application/organizations/sso/read-model.js';
import {
  configurationWithSecret,
  saveSsoConfiguration,
  ssoConfiguration,
  ssoConfigurationHistory,
} from '../../../../application/organizations/sso/sso-configuration.js';
import { beginSignIn, finishSignIn, type SsoSignInPorts } from '../../../../application/organizations/sso/sso-sign-in.js';
import { SsoAuthorizationUrlView, SsoConfigurationView, SsoHistoryView, SsoLogoutView } from '../../../../application/organizations/sso/sso-views.js';
import { CommandAnswer } from '../../../../application/views/schema.js';
import { MODULE_TYPES, USER_TYPES } from '../../../../domain/organizations/events.js';
import { SSO_LIMITS } from '../../../../domain/organizations/sso/sso-configuration.js';
import type { Throttle } from '../../../security/throttle.js';
import { commandContext, commandResult } from '../../command-route.js';
import { etagOf } from '../../etag.js';
import { HttpError } from '../../errors.js';
import { defineRoute, type Route } from '../../route.js';
import { NullableText, StringEnum, Text, Type, idParams } from '../schemas.js';

export interface SsoRouteDependencies {
  ports: SsoSignInPorts;
  auth: AuthService;
  /** Sign-ins begun and callbacks failed, per client address. */
  perAddress: Throttle;
  logger: Pick<Logger, 'warn' | 'info'>;
}

const tag = 'sso';
/** The root organization (`{id}`, as every route naming one organization). */
const onOrganization = idParams('id');
/** Bounded at twice the rule: a text a little too long gets the rule's own message at its field. */
const claim = Text(2 * SSO_LIMITS.claim.max);

const ConfigurationBody = Type.Object(
  {
    domains: Type.Array(Text(SSO_LIMITS.domain.max), { maxItems: 2 * SSO_LIMITS.domains.max, description: 'E-mail domains (example.com), unique across the platform.' }),
    clientId: Text(2 * SSO_LIMITS.clientId.max),
    clientSecret: Type.Optional(Type.Union([Text(SSO_LIMITS.clientSecret.max), Type.Null()], { description: 'Write-only: a new secret; absent, null or empty keeps the one stored.' })),
    discoveryEndpoint: Text(SSO_LIMITS.discoveryEndpoint.max, 0, { description: 'https://…/.well-known/openid-configuration (or the issuer).' }),
    scope: Text(2 * SSO_LIMITS.scope.max, 0, { description: 'Space separated, openid among them.' }),
    roleClaim: claim,
    entityClaim: Type.Union([claim, Type.Null()]),
    roleMatching: Type.Array(
      Type.Object(
        { claimValue: Text(2 * SSO_LIMITS.claimValue.max), module: StringEnum(MODULE_TYPES), userType: StringEnum(USER_TYPES) },
        { additionalProperties: false },
      ),
      { maxItems: SSO_LIMITS.roleMatching.max },
    ),
    fieldMatching: Type.Object({ firstname: claim, lastname: claim, email: claim }, { additionalProperties: false }),
    reason: Type.Optional(NullableText(255)),
  },
  { additionalProperties: false },
);

function rateLimited(retryAfterSeconds: number): HttpError {
  return new HttpError('RATE_LIMITED', { retryAfterSeconds, minutes: Math.ceil(retryAfterSeconds / 60) }, { 'Retry-After': String(retryAfterSeconds) });
}

export function ssoRoutes({ ports, auth, perAddress, logger }: SsoRouteDependencies): Route[] {
  const throttled = async (address: string) => {
    const wait = (await perAddress.blockedFor(address)) ?? (await perAddress.hit(address));
    if (wait !== null) throw rateLimited(wait);
  };
  return [
    defineRoute({
      method: 'get',
      path: '/organizations/{id}/sso-configuration',
      operationId: 'getSsoConfiguration',
      summary: 'The single sign-on configuration of a retailer’s root organization (the client secret never: only whether one is set); defaults before the first save',
      tag,
      access: { kind: 'authenticated', permission: 'sso.manage' },
      params: onOrganization,
      response: { status: 200, description: 'The configuration (its revision in ETag)', schema: SsoConfigurationView },
      otherResponses: { 404: 'Not a root organization the caller may see (SSO_ROOT_ORGANIZATION_NOT_FOUND)' },
      async handler({ principal, params }) {
        const view = await ssoConfiguration(ports, principal, params.id);
        return { body: view, headers: { ETag: etagOf(view.revision) } };
      },
    }),
    defineRoute({
      method: 'put',
      path: '/organizations/{id}/sso-configuration',
      operationId: 'saveSsoConfiguration',
      summary:
        'Saves the single sign-on configuration of a root organization: domains (each owned by one organization of the platform), client id, client secret (write-only, sealed before it is stored; required the first time), discovery endpoint, scope, role and entity claims, role and field matching. If-Match with its revision; a save that changes nothing writes nothing',
      tag,
      access: { kind: 'authenticated', permission: saveSsoConfiguration.permission as string },
      params: onOrganization,
      body: ConfigurationBody,
      conditional: true,
      response: { status: 200, description: 'Saved (the new revision in ETag)', schema: CommandAnswer },
      otherResponses: {
        404: 'Not a root organization the caller may see (SSO_ROOT_ORGANIZATION_NOT_FOUND)',
        409: 'A domain belongs to another organization (SSO_DOMAIN_TAKEN)',
        412: 'If-Match names another revision (PRECONDITION_FAILED)',
        422: 'A field breaks the rules (SSO_CONFIGURATION_INVALID, details.fields)',
      },
      async handler(context) {
        const { clientSecret, reason, ...settings } = context.body;
        const outcome = await saveSsoConfiguration.run(ports, commandContext(context), {
          organizationId: context.params.id,
          settings,
          clientSecret: clientSecret ?? null,
          reason: reason ?? null,
        });
        return commandResult(outcome);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/organizations/{id}/sso-configuration/history',
      operationId: 'getSsoConfigurationHistory',
      summary: 'Every save of the SSO configuration, oldest first: when, who, which fields changed, why',
      tag,
      access: { kind: 'authenticated', permission: 'sso.manage' },
      params: onOrganization,
      response: { status: 200, description: 'The history', schema: SsoHistoryView },
      otherResponses: { 404: 'Not a root organization the caller may see (SSO_ROOT_ORGANIZATION_NOT_FOUND)' },
      async handler({ principal, params }) {
        return { body: await ssoConfigurationHistory(ports, principal, params.id) };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/open-id/authorization-url',
      operationId: 'getSsoAuthorizationUrl',
      summary:
        'Starts a single sign-on: the identity provider’s authorization URL of the organization owning the e-mail’s domain (PKCE, state and nonce kept server side for a few minutes, single use). Throttled per client address',
      tag,
      access: { kind: 'public' },
      query: Type.Object({ domain: Text(255, 1, { description: 'The user’s e-mail address, or its domain.' }) }, { additionalProperties: false }),
      personalData: true,
      response: { status: 200, description: 'Where to send the browser', schema: SsoAuthorizationUrlView },
      otherResponses: {
        404: 'No organization matches the e-mail (SSO_ORGANIZATION_NOT_FOUND)',
        429: 'Too many attempts from this address (RATE_LIMITED)',
        502: 'The configuration is incomplete or the provider cannot be used (SSO_CONFIGURATION_ERROR)',
      },
      async handler({ query, request }) {
        await throttled(request.ip ?? 'unknown');
        return { body: await beginSignIn(ports, query.domain) };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/open-id/{id}/callback',
      operationId: 'finishSsoSignIn',
      summary:
        'Finishes a single sign-on with what the provider sent back to the dashboard’s callback page (code, state, iss): the state must be unused and recent, the ID token’s nonce the one sent, the code exchanged with the PKCE verifier; the user is created or updated from the claims and signed in. Answers a session as POST /login does',
      tag,
      access: { kind: 'public' },
      params: onOrganization,
      body: Type.Object({ code: Text(2048, 1), state: Text(512, 1), iss: Type.Optional(Text(2048)) }, { additionalProperties: false }),
      personalData: true,
      response: { status: 200, description: 'A session token and the user', schema: LoginView },
      otherResponses: {
        401: 'The answer is refused: unknown, used or expired state, wrong nonce, code refused, claims that make no user (SSO_CALLBACK_FAILED, details.reason)',
        403: 'The user is not active (AUTH_ACCOUNT_INACTIVE)',
        429: 'Too many failures from this address (RATE_LIMITED)',
        502: 'The configuration is incomplete or the provider cannot be used (SSO_CONFIGURATION_ERROR)',
      },
      async handler({ params, body, request, correlationId, locale }) {
        const address = request.ip ?? 'unknown';
        const wait = await perAddress.blockedFor(address);
        if (wait !== null) throw rateLimited(wait);
        let outcome: Awaited<ReturnType<typeof finishSignIn>>;
        try {
          outcome = await finishSignIn(ports, { organizationId: params.id, ...body, correlationId });
        } catch (error) {
          await perAddress.hit(address);
          const { code, details } = error as { code?: string; details?: { reason?: string } };
          logger.warn({ audit: 'sso_sign_in_failed', organizationId: params.id, code, reason: details?.reason ?? null, address }, 'SSO sign-in refused');
          throw error;
        }
        const { token, expiresAt, user } = await auth.sessionFor(outcome.user);
        await ports.documents.collection<SsoSessionDocument>(SSO_SESSIONS_COLLECTION).upsert({
          _id: hashToken(token),
          organizationId: params.id,
          idToken: outcome.idToken,
          expiresAt,
        });
        logger.info({ audit: 'sso_sign_in', organizationId: params.id, userId: user._id }, 'SSO sign-in');
        const principal = await auth.principalOf(user, request.header('x-module') || undefined).catch(() => null);
        return {
          position: outcome.position,
          body: { token, expiresAt, user: principal ? await auth.me(user, principal, locale) : { id: user._id, email: user.email } },
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/open-id/logout',
      operationId: 'getSsoLogoutUrl',
      summary:
        'Where a user signed in by single sign-on goes to log out: the identity provider’s end-session URL when it has one (then to the dashboard’s login page), else null (the login page). Call it before POST /logout',
      tag,
      access: { kind: 'public', identifies: true },
      response: { status: 200, description: 'The end-session URL or null', schema: SsoLogoutView },
      async handler({ token }) {
        if (!token) return { body: { url: null } };
        const sessions = ports.documents.collection<SsoSessionDocument>(SSO_SESSIONS_COLLECTION);
        const session = await sessions.get(hashToken(token));
        if (!session) return { body: { url: null } };
        await sessions.delete(session._id);
        const configuration = await configurationWithSecret(ports, session.organizationId);
        if (!configuration) return { body: { url: null } };
        const url = await ports.oidc
          .endSessionUrl(
            { discoveryEndpoint: configuration.settings.discoveryEndpoint, clientId: configuration.settings.clientId, clientSecret: configuration.clientSecret },
            { idTokenHint: session.idToken, postLogoutRedirectUri: `${ports.publicBaseUrl}/dashboard/login` },
          )
          .catch(() => null);
        return { body: { url } };
      },
    }),
  ];
}
