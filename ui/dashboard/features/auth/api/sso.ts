import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The one field of the SSO part's SsoAuthorizationUrl view the login page reads: where to send the browser. */
interface AuthorizationUrl {
  url: string;
}

/**
 * GET /api/open-id/authorization-url?domain=: the identity provider of the
 * organization owning the e-mail's domain (404 SSO_ORGANIZATION_NOT_FOUND,
 * 502 SSO_CONFIGURATION_ERROR, 429 RATE_LIMITED).
 */
export function ssoAuthorizationUrl(email: string): Promise<AuthorizationUrl> {
  return api.get<AuthorizationUrl>('/open-id/authorization-url', { query: { domain: email } });
}

export function useSsoAuthorizationUrl() {
  return useMutation({ mutationFn: ssoAuthorizationUrl });
}
