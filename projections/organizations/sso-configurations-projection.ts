import type { Projection } from '../../application/ports/projection.js';
import { toDomainEvent } from '../../application/events/codec.js';
import { SSO_CONFIGURATIONS_COLLECTION, type SsoConfigurationDocument } from '../../application/organizations/sso/read-model.js';
import { SSO_STREAMS } from '../../application/organizations/sso/streams.js';
import { SSO_CONFIGURATION_EVENT_TYPES, type SsoConfigurationEvent } from '../../domain/organizations/sso/sso-configuration.js';

/**
 * The SSO configurations: one document per root organization, its domains
 * indexed (the sign-in finds an organization by its e-mail's domain). The
 * sealed secret stays in the stream: the document says only whether one is set.
 */
export const ssoConfigurationsProjection: Projection<SsoConfigurationDocument> = {
  name: 'organization-sso-configurations',
  collection: SSO_CONFIGURATIONS_COLLECTION,
  indexes: [
    { name: 'by_domain', fields: [['domains', 1]] },
    { name: 'by_account', fields: [['accountId', 1]] },
  ],
  eventTypes: SSO_CONFIGURATION_EVENT_TYPES,
  targets: (event) => [SSO_STREAMS.configuration.idOf(event.streamName)],
  evolve(document, stored, id) {
    const event = toDomainEvent<SsoConfigurationEvent>(stored);
    const { settings, accountId, clientSecret } = event.data;
    return {
      _id: id,
      organizationId: id,
      accountId,
      ...settings,
      domains: [...settings.domains],
      secretSet: clientSecret !== null || (document?.secretSet ?? false),
      createdAt: document?.createdAt ?? stored.metadata.occurredAt,
      updatedAt: stored.metadata.occurredAt,
      revision: stored.streamRevision,
    };
  },
};
