/**
 * A developer's OpenID Connect identity provider (oidc-provider), for the
 * demo's force-SSO user and the tests: `npm run dev-idp` serves it on
 * http://localhost:4455 (DEV_IDP_PORT) with one client and one user; its
 * login page accepts the user's login with any password (oidc-provider's
 * development interactions). Never for production: its signing keys are
 * generated at each start.
 *
 * The tests start it in process (`startIdentityProvider`) on a free port with
 * the users they need.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import Provider from 'oidc-provider';
import { organizationIds } from '../infrastructure/modules/organizations/demo-data.js';

export interface IdentityProviderUser {
  /** What the user types on the provider's login page (their subject). */
  login: string;
  claims: Record<string, unknown>;
}

export interface IdentityProviderOptions {
  port?: number;
  host?: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  users: IdentityProviderUser[];
}

export interface RunningIdentityProvider {
  issuer: string;
  discoveryEndpoint: string;
  provider: Provider;
  close(): Promise<void>;
}

/** The developer's defaults: what README.md and the demo's force-SSO user name. */
export const DEV_IDP = {
  port: 4455,
  clientId: 'tradein-dashboard',
  user: {
    login: 'sso.user@sso.demo.test',
    claims: {
      email: 'sso.user@sso.demo.test',
      email_verified: true,
      given_name: 'Sacha',
      family_name: 'Sso',
      roles: ['store-seller'],
      entity: 'DR-PAR-001',
    },
  },
} as const;

export async function startIdentityProvider(options: IdentityProviderOptions): Promise<RunningIdentityProvider> {
  const host = options.host ?? '127.0.0.1';
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const issuer = `http://${host === '0.0.0.0' ? 'localhost' : host}:${(server.address() as AddressInfo).port}`;
  const users = new Map(options.users.map((user) => [user.login, user]));
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris ?? [],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
      roles: ['roles', 'entity'],
    },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    pkce: { required: () => true },
    // Keys of this run only: the provider's sessions end with it.
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    async findAccount(_ctx, sub) {
      const user = users.get(sub);
      if (!user) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...user.claims }) };
    },
    // A first-party client: the user is not asked to consent to what the dashboard reads.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile roles');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    discoveryEndpoint: `${issuer}/.well-known/openid-configuration`,
    provider,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.env.DEV_IDP_PORT ?? DEV_IDP.port);
  const dashboard = (process.env.PUBLIC_BASE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
  // The demo retailer's root organization, whose SSO configuration names this provider.
  const organizationId = process.env.DEV_IDP_ORGANIZATION_ID ?? organizationIds.organization('demo', 'root');
  // No secret is written down anywhere: the client's is DEV_IDP_CLIENT_SECRET, else one drawn for this run and printed.
  const clientSecret = process.env.DEV_IDP_CLIENT_SECRET || randomBytes(24).toString('base64url');
  const running = await startIdentityProvider({
    port,
    host: 'localhost',
    clientId: DEV_IDP.clientId,
    clientSecret,
    redirectUris: [`${dashboard}/dashboard/open-id/${organizationId}/callback`],
    postLogoutRedirectUris: [`${dashboard}/dashboard/login`],
    users: [{ login: DEV_IDP.user.login, claims: { ...DEV_IDP.user.claims } }],
  });
  console.log(`Developer identity provider: ${running.discoveryEndpoint}`);
  console.log(`client id ${DEV_IDP.clientId}, secret ${clientSecret}; user ${DEV_IDP.user.login} (any password)`);
}
