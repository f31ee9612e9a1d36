/**
 * The connector configurations' commands (issue 23): POST
 * /connector-organizations, PATCH (merge-patch), DELETE, and the record of
 * a connection test. Each is decided by the configuration aggregate and
 * appended, in one atomic append at the revisions read, with the guards it
 * binds (domain/connectors/configuration/guards.ts): the name's reservation
 * in the retailer (two creations with one name: one wins, the other
 * CONNECTOR_CONFIGURATION_NAME_TAKEN) and, for a transport or payment_mode
 * configuration, the organization's active one (two activations at once:
 * one wins, the other CONNECTOR_ALREADY_ACTIVE). Secret values are sealed
 * here, before any event; always within the caller's tenant.
 */
import { SINGLE_ACTIVE_TYPES, type Connector } from '../../domain/connectors/catalogue.js';
import { connectorConfigurationDecider, type ConnectorConfigurationCommand } from '../../domain/connectors/configuration/decide.js';
import { connectorActiveDecider, connectorActiveKey, connectorNameDecider, connectorNameKey, nameKeyOf } from '../../domain/connectors/configuration/guards.js';
import { commandMetadata } from '../buybacks/commands/buyback-command.js';
import { defineCommand, type CommandContext, type CommandOutcome } from '../commands/command-slice.js';
import { ApplicationError } from '../commands/errors.js';
import { handleTogether, onStream, type StreamDecision } from '../commands/handle-together.js';
import { idFromIdempotencyKey } from '../commands/idempotency.js';
import { tenantFilter, type Principal } from '../organizations/principal.js';
import { ORGANIZATION_COLLECTIONS, type OrganizationDocument } from '../organizations/read-models.js';
import type { Clock, IdGenerator } from '../ports/clock.js';
import type { DocumentStore } from '../ports/document-store.js';
import type { EventStore } from '../ports/event-store.js';
import type { SecretBox } from '../ports/secret-box.js';
import { connectorOrNotFound } from './connector-catalogue-queries.js';
import { CONNECTOR_COLLECTIONS, type ConfigurationDocument } from './read-model.js';
import { CONNECTOR_PERMISSIONS, CONNECTOR_STREAMS } from './streams.js';

export interface ConnectorPorts {
  eventStore: EventStore;
  documents: DocumentStore;
  clock: Clock;
  ids: IdGenerator;
  secrets: SecretBox;
}

export interface PropertyInput {
  name: string;
  value: string | null;
}

type Outcome = CommandOutcome<'active' | 'inactive' | 'deleted'>;

/** What a secret is sealed for: its configuration and property (a sealed value moved elsewhere does not open). */
export const secretContext = (configurationId: string, property: string) => `connector-configuration:${configurationId}:${property}`;

/** A configuration of the caller's tenant, or CONNECTOR_CONFIGURATION_NOT_FOUND (never another tenant's). */
export async function visibleConfiguration(documents: DocumentStore, principal: Principal, configurationId: string): Promise<ConfigurationDocument> {
  const [found] = await documents
    .collection<ConfigurationDocument>(CONNECTOR_COLLECTIONS.configurations)
    .find({ $and: [tenantFilter(principal), { _id: configurationId }] }, { limit: 1 });
  if (!found) throw new ApplicationError('CONNECTOR_CONFIGURATION_NOT_FOUND', { configurationId });
  return found;
}

async function visibleOrganization(documents: DocumentStore, principal: Principal, organizationId: string): Promise<OrganizationDocument> {
  const [found] = await documents
    .collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations)
    .find({ $and: [tenantFilter(principal), { _id: organizationId }] }, { limit: 1 });
  if (!found) throw new ApplicationError('CONNECTOR_ORGANIZATION_NOT_FOUND', { organizationId });
  return found;
}

/** The values as they are kept: texts trimmed, a secret sealed; a secret left empty or null is no change (`keep`). */
function keptValues(secrets: SecretBox, connector: Connector, configurationId: string, properties: readonly PropertyInput[]): Record<string, string | null> {
  const kinds = new Map(connector.properties.map((p) => [p.name, p.kind]));
  const values: Record<string, string | null> = {};
  for (const { name, value } of properties) {
    if (kinds.get(name) === 'secret') {
      if (value !== null && value !== '') values[name] = secrets.seal(value, secretContext(configurationId, name));
    } else {
      values[name] = value === null ? null : value.trim();
    }
  }
  return values;
}

const configurationStream = (configurationId: string) => CONNECTOR_STREAMS.configuration.name(configurationId);
const single = (connector: Connector) => SINGLE_ACTIVE_TYPES.includes(connector.type);

function onName(accountId: string, name: string, configurationId: string, reserve: boolean): StreamDecision {
  return onStream(CONNECTOR_STREAMS.name.name(connectorNameKey(accountId, name)), connectorNameDecider, {
    type: reserve ? 'ReserveConnectorConfigurationName' : 'ReleaseConnectorConfigurationName',
    data: { accountId, name, configurationId },
  });
}

function onActive(organizationId: string, connector: Connector, configurationId: string, claim: boolean): StreamDecision {
  return onStream(CONNECTOR_STREAMS.active.name(connectorActiveKey(organizationId, connector.type)), connectorActiveDecider, {
    type: claim ? 'ClaimActiveConnectorConfiguration' : 'ReleaseActiveConnectorConfiguration',
    data: { organizationId, connectorType: connector.type, configurationId },
  });
}

export interface CreateConfigurationInput {
  organizationId: string;
  connectorId: string;
  name: string;
  properties: readonly PropertyInput[];
  active: boolean;
}

/** A new configuration of a connector for an organization of the caller's tenant; with an Idempotency-Key its id derives from it. */
export const createConnectorConfiguration = defineCommand<ConnectorPorts, CreateConfigurationInput, Outcome>({
  name: 'CreateConnectorConfiguration',
  permission: CONNECTOR_PERMISSIONS.manage,
  async run(deps, context, input) {
    const organization = await visibleOrganization(deps.documents, context.principal, input.organizationId);
    const connector = connectorOrNotFound(input.connectorId);
    const configurationId = context.idempotency ? idFromIdempotencyKey(context.idempotency.key) : deps.ids.uuid();
    const values = Object.fromEntries(Object.entries(keptValues(deps.secrets, connector, configurationId, input.properties)).filter((entry): entry is [string, string] => entry[1] !== null));
    const { accountId } = organization;
    const command: ConnectorConfigurationCommand = {
      type: 'CreateConnectorConfiguration',
      data: { configurationId, accountId, organizationId: organization._id, connectorId: connector.id, name: input.name, properties: values, active: input.active },
    };
    const decisions = [onStream(configurationStream(configurationId), connectorConfigurationDecider, command), onName(accountId, input.name, configurationId, true)];
    if (input.active && single(connector)) decisions.push(onActive(organization._id, connector, configurationId, true));
    return decide(deps, context, accountId, organization._id, configurationId, decisions);
  },
});

export interface ChangeConfigurationInput {
  configurationId: string;
  name?: string;
  properties?: readonly PropertyInput[];
  active?: boolean;
}

/** Changes what the merge-patch names: name, properties (a secret null or left out keeps its value), active. */
export const changeConnectorConfiguration = defineCommand<ConnectorPorts, ChangeConfigurationInput, Outcome>({
  name: 'ChangeConnectorConfiguration',
  permission: CONNECTOR_PERMISSIONS.manage,
  async run(deps, context, input) {
    const current = await visibleConfiguration(deps.documents, context.principal, input.configurationId);
    const connector = connectorOrNotFound(current.connectorId);
    const { configurationId } = input;
    const command: ConnectorConfigurationCommand = {
      type: 'ChangeConnectorConfiguration',
      data: {
        configurationId,
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.properties === undefined ? {} : { properties: keptValues(deps.secrets, connector, configurationId, input.properties) }),
        ...(input.active === undefined ? {} : { active: input.active }),
      },
    };
    const decisions = [onStream(configurationStream(configurationId), connectorConfigurationDecider, command)];
    if (input.name !== undefined && nameKeyOf(input.name) !== current.nameKey && nameKeyOf(input.name) !== '') {
      decisions.push(onName(current.accountId, input.name, configurationId, true), onName(current.accountId, current.name, configurationId, false));
    }
    // Claiming and releasing are idempotent: asked whatever the read model says, so a stale read never lets two be active.
    if (input.active !== undefined && single(connector)) decisions.push(onActive(current.organizationId, connector, configurationId, input.active));
    return decide(deps, context, current.accountId, current.organizationId, configurationId, decisions);
  },
});

/** Deletes a configuration: its name is free again, and an active one no longer serves its organization. */
export const deleteConnectorConfiguration = defineCommand<ConnectorPorts, { configurationId: string }, Outcome>({
  name: 'DeleteConnectorConfiguration',
  permission: CONNECTOR_PERMISSIONS.manage,
  async run(deps, context, { configurationId }) {
    const current = await visibleConfiguration(deps.documents, context.principal, configurationId);
    const connector = connectorOrNotFound(current.connectorId);
    const decisions = [
      onStream(configurationStream(configurationId), connectorConfigurationDecider, { type: 'DeleteConnectorConfiguration', data: { configurationId } }),
      onName(current.accountId, current.name, configurationId, false),
    ];
    if (single(connector)) decisions.push(onActive(current.organizationId, connector, configurationId, false));
    return decide(deps, context, current.accountId, current.organizationId, configurationId, decisions);
  },
});

/** Records the last connection test's result on the configuration. */
export const recordConnectorTest = defineCommand<ConnectorPorts, { configuration: ConfigurationDocument; ok: boolean; message: string; latencyMs: number }, Outcome>({
  name: 'RecordConnectorTest',
  permission: CONNECTOR_PERMISSIONS.manage,
  async run(deps, context, { configuration, ok, message, latencyMs }) {
    const configurationId = configuration._id;
    return decide(deps, context, configuration.accountId, configuration.organizationId, configurationId, [
      onStream(configurationStream(configurationId), connectorConfigurationDecider, { type: 'RecordConnectorTest', data: { configurationId, ok, message, latencyMs } }),
    ]);
  },
});

async function decide(deps: ConnectorPorts, context: CommandContext, accountId: string, organizationId: string, configurationId: string, decisions: StreamDecision[]): Promise<Outcome> {
  const results = await handleTogether(deps.eventStore, decisions, {
    metadata: commandMetadata(deps, context, accountId, organizationId),
    newEventId: () => deps.ids.uuid(),
    ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
  });
  const [own] = results;
  const state = own?.state as { status: string; active: boolean } | undefined;
  const positions = results.map((r) => r.position).filter((p): p is number => p !== null);
  return {
    id: configurationId,
    status: state?.status === 'deleted' ? 'deleted' : state?.active ? 'active' : 'inactive',
    revision: own?.revision ?? -1,
    position: positions.length ? Math.max(...positions) : null,
  };
}

