import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import {
  OidcCallbackError,
  OidcProviderError,
  type AuthorizationRequest,
  type OidcClient,
  type OidcProvider,
} from '../../../application/organizations/sso/oidc-client.js';

const DISCOVERY_SUFFIX = '/.well-known/openid-configuration';

/**
 * The OIDC client port with openid-client (v6): discovery (the issuer
 * checked against the document), the authorization code flow with PKCE
 * (S256), state and nonce, client_secret_basic, the userinfo's claims. A
 * provider's configuration is kept a few minutes per (endpoint, client,
 * secret): a saved change is used at once. Plain http only reaches a
 * provider on this machine (a developer's: `npm run dev-idp`, the tests').
 */
export class OpenIdClientAdapter implements OidcClient {
  private readonly configurations = new Map<string, { configuration: Promise<client.Configuration>; until: number }>();

  constructor(private readonly options: { timeoutSeconds: number; cacheSeconds: number } = { timeoutSeconds: 10, cacheSeconds: 300 }) {}

  async authorizationRequest(provider: OidcProvider, redirectUri: string, scope: string): Promise<AuthorizationRequest> {
    const configuration = await this.configurationOf(provider);
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope,
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state, nonce, codeVerifier };
  }

  async finish(
    provider: OidcProvider,
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<{ claims: Record<string, unknown>; idToken: string | null }> {
    const configuration = await this.configurationOf(provider);
    try {
      const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new OidcCallbackError('no ID token', 'id_token_missing');
      let userinfo: Record<string, unknown> = {};
      if (configuration.serverMetadata().userinfo_endpoint && tokens.access_token) {
        userinfo = { ...(await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)) };
      }
      return { claims: { ...userinfo, ...idClaims }, idToken: tokens.id_token ?? null };
    } catch (error) {
      if (error instanceof OidcCallbackError) throw error;
      if (unreachable(error)) throw new OidcProviderError(String((error as Error).message), 'provider_unreachable');
      throw new OidcCallbackError(String((error as Error).message), reasonOf(error));
    }
  }

  async endSessionUrl(provider: OidcProvider, options: { idTokenHint: string | null; postLogoutRedirectUri: string }): Promise<string | null> {
    const configuration = await this.configurationOf(provider);
    if (!configuration.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(configuration, {
      post_logout_redirect_uri: options.postLogoutRedirectUri,
      ...(options.idTokenHint ? { id_token_hint: options.idTokenHint } : { client_id: provider.clientId }),
    }).href;
  }

  private configurationOf(provider: OidcProvider): Promise<client.Configuration> {
    const key = createHash('sha256').update(JSON.stringify([provider.discoveryEndpoint, provider.clientId, provider.clientSecret])).digest('hex');
    const now = Date.now();
    const cached = this.configurations.get(key);
    if (cached && cached.until > now) return cached.configuration;
    const configuration = this.discover(provider);
    this.configurations.set(key, { configuration, until: now + this.options.cacheSeconds * 1000 });
    // A failed discovery is not kept: the next sign-in tries again.
    configuration.catch(() => this.configurations.delete(key));
    if (this.configurations.size > 1_000) this.configurations.delete(this.configurations.keys().next().value as string);
    return configuration;
  }

  private async discover(provider: OidcProvider): Promise<client.Configuration> {
    const endpoint = provider.discoveryEndpoint.replace(/\/+$/, '');
    const issuer = new URL(endpoint.endsWith(DISCOVERY_SUFFIX) ? endpoint.slice(0, -DISCOVERY_SUFFIX.length) : endpoint);
    try {
      return await client.discovery(issuer, provider.clientId, undefined, client.ClientSecretBasic(provider.clientSecret), {
        timeout: this.options.timeoutSeconds,
        ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
      });
    } catch (error) {
      throw new OidcProviderError(String((error as Error).message), unreachable(error) ? 'provider_unreachable' : 'discovery');
    }
  }
}

function unreachable(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  const message = String((error as { message?: string })?.message ?? '');
  return name === 'AbortError' || name === 'TimeoutError' || (error instanceof TypeError && message.includes('fetch failed'));
}

/** A short, stable reason for the logs and the answer's details (never the provider's own words, which may echo input). */
function reasonOf(error: unknown): string {
  const code = (error as { code?: string })?.code;
  // The claim a comparison failed on, and the messages, along the chain of causes (openid-client wraps oauth4webapi's errors).
  const chain: Array<{ message?: string; claim?: string; cause?: unknown; error?: string }> = [];
  for (let link = error as (typeof chain)[number] | undefined; link && typeof link === 'object' && chain.length < 5; link = link.cause as (typeof chain)[number] | undefined) chain.push(link);
  const claim = chain.find((link) => typeof link.claim === 'string')?.claim;
  const text = chain.map((link) => String(link.message ?? '')).join(' ').toLowerCase();
  if (claim === 'nonce' || text.includes('"nonce"')) return 'nonce_mismatch';
  if (text.includes('"state"')) return 'state_mismatch';
  if (chain.some((link) => link.error === 'invalid_grant')) return 'invalid_grant';
  return code ? code.toLowerCase() : 'provider_refused';
}
