/**
 * The connector configurations' reads, always within the caller's tenant:
 * the list (list kit), one, and its history read from its stream. A secret
 * is never answered: `value` null, `set` whether one is stored.
 */
import { toDomainEvent } from '../events/codec.js';
import { findPage, type PageRequest, type SortColumns } from '../lists/paged-query.js';
import { tenantFilter, type Principal } from '../organizations/principal.js';
import { ORGANIZATION_COLLECTIONS, type OrganizationDocument } from '../organizations/read-models.js';
import { userNames } from '../organizations/user-names.js';
import type { DocumentStore, Filter } from '../ports/document-store.js';
import type { EventStore } from '../ports/event-store.js';
import type { ListPage } from '../views/schema.js';
import { connectorById, type ConnectorType } from '../../domain/connectors/catalogue.js';
import type { ConnectorConfigurationEvent } from '../../domain/connectors/configuration/events.js';
import { visibleConfiguration } from './configuration-commands.js';
import type { ConfigurationHistoryView, ConfigurationView } from './connector-views.js';
import { CONNECTOR_COLLECTIONS, type ConfigurationDocument } from './read-model.js';
import { CONNECTOR_STREAMS } from './streams.js';

export const CONFIGURATION_SORTS: SortColumns = {
  name: { path: 'nameKey' },
  createdAt: { path: 'createdAt' },
  updatedAt: { path: 'updatedAt' },
};

export interface ConfigurationListQuery extends PageRequest {
  organizationId?: string;
  connectorId?: string;
  type?: ConnectorType;
  active?: boolean;
  name?: string;
}

const SECRET_SHOWN = '••••';

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function isSecret(connectorId: string, property: string): boolean {
  return connectorById(connectorId)?.properties.find((p) => p.name === property)?.kind === 'secret';
}

export function presentConfiguration(document: ConfigurationDocument, organizationName: string): ConfigurationView {
  const connector = connectorById(document.connectorId);
  const names = [...new Set([...(connector?.properties.map((p) => p.name) ?? []), ...Object.keys(document.properties)])];
  return {
    id: document._id,
    accountId: document.accountId,
    organizationId: document.organizationId,
    organizationName,
    connectorId: document.connectorId,
    connectorType: document.connectorType,
    name: document.name,
    properties: names.map((name) => {
      const secret = isSecret(document.connectorId, name);
      const value = document.properties[name];
      return { name, value: secret || value === undefined ? null : value, secret, set: value !== undefined };
    }),
    active: document.active,
    createdAt: document.createdAt,
    updatedAt: document.updatedAt,
    lastTest: document.lastTest ? { at: document.lastTest.at, ok: document.lastTest.ok, message: document.lastTest.message } : null,
    revision: document.revision,
  };
}

async function organizationNames(documents: DocumentStore, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const found = await documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations).getMany(unique);
  return new Map(found.map((o) => [o._id, o.commonName]));
}

export class ConfigurationQueries {
  constructor(private readonly ports: { documents: DocumentStore; eventStore: EventStore }) {}

  async list(principal: Principal, query: ConfigurationListQuery): Promise<ListPage<ConfigurationView>> {
    const conditions: Filter[] = [tenantFilter(principal)];
    if (query.organizationId) conditions.push({ organizationId: query.organizationId });
    if (query.connectorId) conditions.push({ connectorId: query.connectorId });
    if (query.type) conditions.push({ connectorType: query.type });
    if (query.active !== undefined) conditions.push({ active: query.active });
    const name = query.name?.trim().toLowerCase();
    if (name) conditions.push({ nameKey: { $regex: escapeRegex(name) } });
    const page = await findPage(this.ports.documents.collection<ConfigurationDocument>(CONNECTOR_COLLECTIONS.configurations), { $and: conditions }, query, [['nameKey', 1]]);
    const names = await organizationNames(this.ports.documents, page.items.map((c) => c.organizationId));
    return { ...page, items: page.items.map((c) => presentConfiguration(c, names.get(c.organizationId) ?? '')) };
  }

  async detail(principal: Principal, configurationId: string): Promise<ConfigurationView> {
    const document = await visibleConfiguration(this.ports.documents, principal, configurationId);
    const names = await organizationNames(this.ports.documents, [document.organizationId]);
    return presentConfiguration(document, names.get(document.organizationId) ?? '');
  }

  /** Each event of its stream: what, when, who, and each value it changed (a secret shown as set, never its value). */
  async history(principal: Principal, configurationId: string): Promise<ConfigurationHistoryView> {
    const current = await visibleConfiguration(this.ports.documents, principal, configurationId);
    const stored = await this.ports.eventStore.readStream(CONNECTOR_STREAMS.configuration.name(configurationId));
    const users = await userNames(this.ports.documents, stored.map((s) => s.metadata.userId));
    const shown = (property: string, value: string | null | undefined) => (value === null || value === undefined ? null : isSecret(current.connectorId, property) ? SECRET_SHOWN : value);
    let name: string | null = null;
    let properties: Record<string, string> = {};
    const items: ConfigurationHistoryView['items'] = [];
    for (const entry of stored) {
      const event = toDomainEvent<ConnectorConfigurationEvent>(entry);
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      switch (event.type) {
        case 'ConnectorConfigurationCreated':
          name = event.data.name;
          properties = { ...event.data.properties };
          changes.name = { from: null, to: name };
          for (const [key, value] of Object.entries(properties)) changes[`properties.${key}`] = { from: null, to: shown(key, value) };
          changes.active = { from: null, to: event.data.active };
          break;
        case 'ConnectorConfigurationChanged':
          if (event.data.changes.name !== undefined) {
            changes.name = { from: name, to: event.data.changes.name };
            name = event.data.changes.name;
          }
          for (const [key, value] of Object.entries(event.data.changes.properties ?? {})) {
            changes[`properties.${key}`] = { from: shown(key, properties[key]), to: shown(key, value) };
            if (value === null) delete properties[key];
            else properties[key] = value;
          }
          break;
        case 'ConnectorConfigurationActivated':
          changes.active = { from: false, to: true };
          break;
        case 'ConnectorConfigurationDeactivated':
          changes.active = { from: true, to: false };
          break;
        case 'ConnectorConfigurationTested':
          changes.lastTest = { from: null, to: { ok: event.data.ok, message: event.data.message, latencyMs: event.data.latencyMs } };
          break;
        case 'ConnectorConfigurationDeleted':
          break;
      }
      const userId = entry.metadata.userId;
      items.push({
        eventId: entry.id,
        revision: entry.streamRevision,
        type: event.type,
        at: entry.metadata.occurredAt,
        user: userId ? { id: userId, name: users.get(userId) ?? userId } : null,
        changes,
      });
    }
    return { items };
  }
}
