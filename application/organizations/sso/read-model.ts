/**
 * The SSO configurations read model (one document per root organization)
 * and the collections the sign-in keeps outside the event store. Types and
 * names only.
 */
import type { SsoSettings } from '../../../domain/organizations/sso/sso-configuration.js';

export const SSO_CONFIGURATIONS_COLLECTION = 'sso_configurations';
/** Sign-ins begun and not yet finished (state, nonce, PKCE verifier): short-lived, single use, never rebuilt. */
export const SSO_PENDING_COLLECTION = 'sso_pending_sign_ins';
/** What the provider's logout needs of a session opened by single sign-on, by the session's id. */
export const SSO_SESSIONS_COLLECTION = 'sso_sessions';

/** Never the secret: only whether one is set (the sealed secret stays in the stream). */
export type SsoConfigurationDocument = SsoSettings & {
  _id: string;
  organizationId: string;
  accountId: string;
  secretSet: boolean;
  createdAt: string;
  updatedAt: string;
  revision: number;
  [key: string]: unknown;
};

export interface PendingSsoSignIn {
  /** SHA-256 of the state sent to the provider. */
  _id: string;
  organizationId: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  expiresAt: string;
  [key: string]: unknown;
}

export interface SsoSessionDocument {
  /** The platform session's id (its token's hash). */
  _id: string;
  organizationId: string;
  idToken: string | null;
  expiresAt: string;
  [key: string]: unknown;
}
