import type { AuthService } from '../../../../application/organizations/auth-service.js';
import type { DocumentStore } from '../../../../application/ports/document-store.js';
import { liveAccount, ORGANIZATION_COLLECTIONS, type AccountDocument } from '../../../../application/organizations/read-models.js';
import { AnonymousTokenView, LoginView, MeView, WhiteLabelConfigView } from '../../../../application/organizations/organization-views.js';
import { storefrontSettingsOf } from '../../../../application/organizations/storefront-settings.js';
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { HttpError } from '../../errors.js';
import type { Throttle } from '../../../security/throttle.js';
import { defineRoute, type Route } from '../../route.js';
import { Text, Type, uuid } from '../schemas.js';

export interface LoginProtection {
  /** Failed logins per account (the e-mail as typed, known or not: the answer never tells which). */
  perAccount: Throttle;
  /** Failed logins per client address. */
  perAddress: Throttle;
  /** Visitor tokens minted per client address. */
  anonymousTokens: Throttle;
  logger: Pick<Logger, 'warn'>;
}

export interface AuthRouteDependencies {
  auth: AuthService;
  protection: LoginProtection;
  documents: DocumentStore;
  /** The account the storefront serves by default (WHITE_LABEL_ACCOUNT_ID, else the first with a white-label site). */
  defaultWhiteLabelAccountId(): Promise<string | null>;
  /** The tag manager's script address the storefront loads after consent (TAG_MANAGER_URL). */
  tagManagerUrl: string;
}

/** A refusal for a locked key: 429, with the wait in Retry-After and in the message. */
function locked(code: 'AUTH_LOGIN_LOCKED' | 'RATE_LIMITED', retryAfterSeconds: number): HttpError {
  return new HttpError(code, { retryAfterSeconds, minutes: Math.ceil(retryAfterSeconds / 60) }, { 'Retry-After': String(retryAfterSeconds) });
}

/** Accounts in the logs as a hash: a lock is traceable without writing the e-mail down. */
function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 24);
}

export function authRoutes({ auth, protection, documents, defaultWhiteLabelAccountId, tagManagerUrl }: AuthRouteDependencies): Route[] {
  return [
    defineRoute({
      method: 'post',
      path: '/login',
      operationId: 'login',
      summary: 'Log in with e-mail and password; answers a bearer token',
      tag: 'auth',
      access: { kind: 'public' },
      body: Type.Object({ email: Text(255, 1), password: Text(1024, 1) }, { additionalProperties: false }),
      personalData: true,
      response: { status: 200, description: 'A session token and the user', schema: LoginView },
      otherResponses: {
        401: 'Wrong e-mail or password (AUTH_INVALID_CREDENTIALS)',
        403: 'The user is not active (AUTH_ACCOUNT_INACTIVE), or signs in only with SSO (AUTH_SSO_REQUIRED, only once the password verified)',
        429: 'Too many failures for this e-mail or from this address (AUTH_LOGIN_LOCKED, Retry-After)',
      },
      async handler({ body, request, locale }) {
        const account = accountKey(body.email);
        const address = request.ip ?? 'unknown';
        const wait = (await protection.perAccount.blockedFor(account)) ?? (await protection.perAddress.blockedFor(address));
        if (wait !== null) throw locked('AUTH_LOGIN_LOCKED', wait);
        let session: Awaited<ReturnType<AuthService['login']>>;
        try {
          session = await auth.login(body.email, body.password);
        } catch (error) {
          if ((error as { code?: string }).code === 'AUTH_INVALID_CREDENTIALS') {
            const [accountLock, addressLock] = await Promise.all([protection.perAccount.hit(account), protection.perAddress.hit(address)]);
            if (accountLock !== null || addressLock !== null) {
              protection.logger.warn(
                { audit: 'login_locked', account, address, byAccount: accountLock !== null, byAddress: addressLock !== null },
                'login locked after repeated failures',
              );
            }
          }
          throw error;
        }
        await protection.perAccount.reset(account);
        const { token, expiresAt, user } = session;
        const principal = await auth.principalOf(user, request.header('x-module') || undefined).catch(() => null);
        return {
          body: { token, expiresAt, user: principal ? await auth.me(user, principal, locale) : { id: user._id, email: user.email } },
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/logout',
      operationId: 'logout',
      summary: 'Ends the session of the bearer token',
      tag: 'auth',
      access: { kind: 'authenticated', permission: null, anonymous: true },
      response: { status: 204, description: 'Logged out' },
      async handler({ token }) {
        if (token) await auth.logout(token);
        return { status: 204 };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/me',
      operationId: 'me',
      summary: 'The signed-in user, their modules, their permissions per module and their menu',
      tag: 'auth',
      access: { kind: 'authenticated', permission: null },
      personalData: true,
      response: { status: 200, description: 'The user', schema: MeView },
      async handler({ user, principal, locale }) {
        if (!user) throw new HttpError('AUTH_REQUIRED');
        return { body: await auth.me(user, principal, locale) };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/anonymous-token',
      operationId: 'anonymousToken',
      summary: "A storefront visitor's pseudo-anonymous token for the retailer's web organization",
      tag: 'auth',
      access: { kind: 'public' },
      body: Type.Object({ accountId: Type.Optional(uuid) }, { additionalProperties: false }),
      personalData: true,
      response: { status: 201, description: 'A visitor token', schema: AnonymousTokenView },
      async handler({ body, request }) {
        // Each token is a session row: minting is throttled per client address, and an unused token expires within the hour.
        const address = request.ip ?? 'unknown';
        const wait = await protection.anonymousTokens.blockedFor(address);
        if (wait !== null) throw locked('RATE_LIMITED', wait);
        await protection.anonymousTokens.hit(address);
        const accountId = body.accountId ?? (await defaultWhiteLabelAccountId());
        if (!accountId) throw new HttpError('WHITE_LABEL_NOT_AVAILABLE');
        const { token, expiresAt, account } = await auth.anonymous(accountId);
        return {
          status: 201,
          body: {
            token,
            expiresAt,
            organization: { id: account.webOrganizationId, accountId: account._id, name: account.name, currency: account.currency },
          },
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/white-label/config',
      operationId: 'getWhiteLabelConfig',
      summary: "The storefront's configuration and branding (must answer 200 for the storefront to start)",
      tag: 'public',
      access: { kind: 'public' },
      query: Type.Object({ accountId: Type.Optional(uuid) }, { additionalProperties: false }),
      response: { status: 200, description: 'The configuration', schema: WhiteLabelConfigView },
      async handler({ query }) {
        const accountId = query.accountId ?? (await defaultWhiteLabelAccountId());
        const account = accountId ? liveAccount(await documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(accountId)) : null;
        if (!account?.whiteLabel) throw new HttpError('WHITE_LABEL_NOT_AVAILABLE');
        return {
          body: {
            ...account.whiteLabel,
            tagManagerUrl,
            accountId: account._id,
            organizationId: account.webOrganizationId,
            name: account.name,
            language: account.language,
            currency: account.currency,
            mainColor: account.mainColor,
            secondaryColor: account.design?.secondaryColor ?? null,
            logo: account.logoUrl,
            favicon: account.faviconUrl,
            categoryNavigationEnabled: account.settings.categoryNavigationEnabled,
            customerIdentityDocumentRequired: account.settings.customerIdentityDocumentRequired,
            cartMinValueInCents: account.settings.cartMinValueInCents,
            enabledPremiumFeatures: account.settings.enabledPremiumFeatures,
            ...storefrontSettingsOf(account),
          },
        };
      },
    }),
  ];
}
