import { streamCategory } from '../../events/streams.js';

/**
 * The single sign-on configuration of a root organization:
 * `ssoconfiguration-<organizationId>`; an e-mail domain's reservation (the
 * organization whose configuration names it): `ssodomain-<ssoDomainKey>`.
 */
export const SSO_STREAMS = {
  configuration: streamCategory('ssoconfiguration'),
  domain: streamCategory('ssodomain'),
} as const;
