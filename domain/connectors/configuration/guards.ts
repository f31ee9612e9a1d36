/**
 * The rules binding several connector configurations, each decided on its
 * own small stream appended in the same atomic append as the configuration
 * it binds, every stream at the revision read (as the catalogue's circuit
 * guard and category identifiers are): of two decisions at once exactly one
 * is written, the other decides again on what the first did and is refused.
 *
 * - A configuration name is unique per retailer: one reservation stream per
 *   account and name (case and surrounding spaces ignored).
 * - An organization has at most one active transport and one active
 *   payment_mode configuration (the one the platform uses for it): one
 *   stream per organization and type, naming the active one.
 * Pure.
 */
import type { Decider } from '../../shared/decider.js';
import { derivedId } from '../../shared/derived-id.js';
import { DomainError } from '../../shared/domain-error.js';

export type ConnectorNameEvent =
  | { type: 'ConnectorConfigurationNameReserved'; data: { accountId: string; name: string; configurationId: string } }
  | { type: 'ConnectorConfigurationNameReleased'; data: { accountId: string; name: string; configurationId: string } };

export type ConnectorNameCommand =
  | { type: 'ReserveConnectorConfigurationName'; data: { accountId: string; name: string; configurationId: string } }
  | { type: 'ReleaseConnectorConfigurationName'; data: { accountId: string; name: string; configurationId: string } };

export const nameKeyOf = (name: string) => name.trim().toLowerCase();

/** The reservation stream's id of a name in an account. */
export function connectorNameKey(accountId: string, name: string): string {
  return derivedId(`connector-configuration-name:${accountId}:${nameKeyOf(name)}`);
}

export const connectorNameDecider: Decider<{ holder: string | null }, ConnectorNameCommand, ConnectorNameEvent> = {
  initialState: () => ({ holder: null }),
  evolve: (state, event) => {
    if (event.type === 'ConnectorConfigurationNameReserved') return { holder: event.data.configurationId };
    return state.holder === event.data.configurationId ? { holder: null } : state;
  },
  decide: (command, state) => {
    const data = { ...command.data, name: command.data.name.trim() };
    if (command.type === 'ReserveConnectorConfigurationName') {
      if (state.holder === data.configurationId) return [];
      if (state.holder !== null) throw new DomainError('CONNECTOR_CONFIGURATION_NAME_TAKEN', { name: data.name });
      return [{ type: 'ConnectorConfigurationNameReserved', data }];
    }
    return state.holder === data.configurationId ? [{ type: 'ConnectorConfigurationNameReleased', data }] : [];
  },
};

export type ConnectorActiveEvent =
  | { type: 'ConnectorActiveConfigurationClaimed'; data: { organizationId: string; connectorType: string; configurationId: string } }
  | { type: 'ConnectorActiveConfigurationReleased'; data: { organizationId: string; connectorType: string; configurationId: string } };

export type ConnectorActiveCommand =
  | { type: 'ClaimActiveConnectorConfiguration'; data: { organizationId: string; connectorType: string; configurationId: string } }
  | { type: 'ReleaseActiveConnectorConfiguration'; data: { organizationId: string; connectorType: string; configurationId: string } };

/** The guard stream's id of an organization's active configuration of a type. */
export function connectorActiveKey(organizationId: string, connectorType: string): string {
  return derivedId(`connector-active:${organizationId}:${connectorType}`);
}

export const connectorActiveDecider: Decider<{ holder: string | null }, ConnectorActiveCommand, ConnectorActiveEvent> = {
  initialState: () => ({ holder: null }),
  evolve: (state, event) => {
    if (event.type === 'ConnectorActiveConfigurationClaimed') return { holder: event.data.configurationId };
    return state.holder === event.data.configurationId ? { holder: null } : state;
  },
  decide: (command, state) => {
    if (command.type === 'ClaimActiveConnectorConfiguration') {
      if (state.holder === command.data.configurationId) return [];
      if (state.holder !== null) throw new DomainError('CONNECTOR_ALREADY_ACTIVE', { connectorType: command.data.connectorType, activeConfigurationId: state.holder });
      return [{ type: 'ConnectorActiveConfigurationClaimed', data: command.data }];
    }
    return state.holder === command.data.configurationId ? [{ type: 'ConnectorActiveConfigurationReleased', data: command.data }] : [];
  },
};
