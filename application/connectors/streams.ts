import { streamCategory } from '../events/streams.js';

/**
 * The connectors part's stream categories (issue 23): one stream per
 * configuration of a connector for an organization, and the two guards
 * appended with it in one atomic append (see domain/connectors/guards.ts):
 * a configuration name's reservation per retailer, and the active
 * configuration of a single-active type (transport, payment_mode) per
 * organization.
 */
export const CONNECTOR_STREAMS = {
  configuration: streamCategory('connector_configuration'),
  name: streamCategory('connector_name'),
  active: streamCategory('connector_active'),
} as const;

export const CONNECTOR_PERMISSIONS = {
  read: 'connector.read',
  manage: 'connector.manage',
} as const;
