/**
 * The port to an OpenID Connect provider (the adapter:
 * infrastructure/security/openid/). Every failure to reach or to use the
 * provider is an OidcProviderError: the configuration is wrong or the
 * provider is away (SSO_CONFIGURATION_ERROR); a refused answer (state,
 * nonce, PKCE, a code already used) is an OidcCallbackError
 * (SSO_CALLBACK_FAILED).
 */
export interface OidcProvider {
  discoveryEndpoint: string;
  clientId: string;
  clientSecret: string;
}

export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OidcClient {
  /** The provider's authorization URL with a fresh state, nonce and PKCE challenge (S256). */
  authorizationRequest(provider: OidcProvider, redirectUri: string, scope: string): Promise<AuthorizationRequest>;
  /**
   * Exchanges the code of `callbackUrl` (the redirect URI with the provider's
   * answer) after checking its state, then the ID token's nonce, with the
   * PKCE verifier; answers the ID token's claims merged with the userinfo's.
   */
  finish(
    provider: OidcProvider,
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<{ claims: Record<string, unknown>; idToken: string | null }>;
  /** The provider's end-session URL, or null when it has none. */
  endSessionUrl(provider: OidcProvider, options: { idTokenHint: string | null; postLogoutRedirectUri: string }): Promise<string | null>;
}

export class OidcProviderError extends Error {
  constructor(message: string, readonly reason: string) {
    super(message);
    this.name = 'OidcProviderError';
  }
}

export class OidcCallbackError extends Error {
  constructor(message: string, readonly reason: string) {
    super(message);
    this.name = 'OidcCallbackError';
  }
}
