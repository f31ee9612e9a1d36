import type { Projection } from '../../application/ports/projection.js';
import { toDomainEvent } from '../../application/events/codec.js';
import { CONNECTOR_STREAMS } from '../../application/connectors/streams.js';
import { CONNECTOR_COLLECTIONS, type ConfigurationDocument } from '../../application/connectors/read-model.js';
import { CONNECTOR_CONFIGURATION_EVENT_TYPES, type ConnectorConfigurationEvent } from '../../domain/connectors/configuration/events.js';

/**
 * The connector configurations, one document per configuration (deleted:
 * gone), indexed by account and name, and by organization and type (the
 * carrier's and payment provider's resolution reads the active one).
 */
export const connectorConfigurationProjection: Projection<ConfigurationDocument> = {
  name: 'connector-configurations',
  collection: CONNECTOR_COLLECTIONS.configurations,
  indexes: [
    { name: 'by_account_name', fields: [['accountId', 1], ['nameKey', 1]] },
    { name: 'by_organization_type', fields: [['organizationId', 1], ['connectorType', 1], ['active', 1]] },
  ],
  eventTypes: CONNECTOR_CONFIGURATION_EVENT_TYPES,
  targets: (event) => [CONNECTOR_STREAMS.configuration.idOf(event.streamName)],
  evolve(document, stored, id) {
    const event = toDomainEvent<ConnectorConfigurationEvent>(stored);
    const at = stored.metadata.occurredAt;
    if (event.type === 'ConnectorConfigurationCreated') {
      const { configurationId: _id, name, ...data } = event.data;
      return { _id: id, ...data, name, nameKey: name.trim().toLowerCase(), properties: { ...data.properties }, createdAt: at, updatedAt: at, lastTest: null, revision: stored.streamRevision };
    }
    if (!document) return null;
    const next = { ...document, updatedAt: at, revision: stored.streamRevision };
    switch (event.type) {
      case 'ConnectorConfigurationChanged': {
        const { name, properties } = event.data.changes;
        const values = { ...document.properties };
        for (const [key, value] of Object.entries(properties ?? {})) {
          if (value === null) delete values[key];
          else values[key] = value;
        }
        return { ...next, ...(name === undefined ? {} : { name, nameKey: name.trim().toLowerCase() }), properties: values };
      }
      case 'ConnectorConfigurationActivated':
        return { ...next, active: true };
      case 'ConnectorConfigurationDeactivated':
        return { ...next, active: false };
      case 'ConnectorConfigurationDeleted':
        return null;
      case 'ConnectorConfigurationTested': {
        const { ok, message, latencyMs } = event.data;
        // A test changes no setting: the configuration's updatedAt stays.
        return { ...next, updatedAt: document.updatedAt, lastTest: { at, ok, message, latencyMs } };
      }
      default:
        return next;
    }
  },
};
