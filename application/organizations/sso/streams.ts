import { streamCategory } from '../../events/streams.js';

/** The single sign-on configuration of a root organization: `ssoconfiguration-<organizationId>`. */
export const SSO_STREAMS = {
  configuration: streamCategory('ssoconfiguration'),
} as const;
