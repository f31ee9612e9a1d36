/**
 * The connector configuration aggregate (a connector-organization): created
 * for one organization with a name, property values and the active flag;
 * changed by merge-patch (only what changed is written); activated or
 * deactivated; deleted; its last connection test recorded. The rules
 * binding several configurations (a name unique per retailer, one active
 * transport or payment_mode configuration per organization) are the
 * guards' (./guards.ts), appended with it. Pure.
 */
import type { Decider } from '../../shared/decider.js';
import { DomainError } from '../../shared/domain-error.js';
import { connectorById, CONNECTOR_LIMITS, type ConnectorType } from '../catalogue.js';
import type { ConnectorConfigurationEvent, PropertyValues } from './events.js';
import { propertyProblems } from './properties.js';

export interface ConnectorConfigurationState {
  status: 'none' | 'live' | 'deleted';
  connectorId: string;
  connectorType: ConnectorType | null;
  name: string;
  properties: PropertyValues;
  active: boolean;
}

export type ConnectorConfigurationCommand =
  | {
      type: 'CreateConnectorConfiguration';
      data: { configurationId: string; accountId: string; organizationId: string; connectorId: string; name: string; properties: PropertyValues; active: boolean };
    }
  | {
      type: 'ChangeConnectorConfiguration';
      /** What the merge-patch names; a property null is removed (a secret left out or null is kept: the application drops it). */
      data: { configurationId: string; name?: string; properties?: Readonly<Record<string, string | null>>; active?: boolean };
    }
  | { type: 'DeleteConnectorConfiguration'; data: { configurationId: string } }
  | { type: 'RecordConnectorTest'; data: { configurationId: string; ok: boolean; message: string; latencyMs: number } };

export const initialConnectorConfigurationState = (): ConnectorConfigurationState => ({
  status: 'none',
  connectorId: '',
  connectorType: null,
  name: '',
  properties: {},
  active: false,
});

export function evolveConnectorConfiguration(state: ConnectorConfigurationState, event: ConnectorConfigurationEvent): ConnectorConfigurationState {
  switch (event.type) {
    case 'ConnectorConfigurationCreated': {
      const { connectorId, connectorType, name, properties, active } = event.data;
      return { status: 'live', connectorId, connectorType, name, properties: { ...properties }, active };
    }
    case 'ConnectorConfigurationChanged': {
      const { name, properties } = event.data.changes;
      return { ...state, ...(name === undefined ? {} : { name }), properties: properties ? merged(state.properties, properties) : state.properties };
    }
    case 'ConnectorConfigurationActivated':
      return { ...state, active: true };
    case 'ConnectorConfigurationDeactivated':
      return { ...state, active: false };
    case 'ConnectorConfigurationDeleted':
      return { ...state, status: 'deleted', active: false };
    case 'ConnectorConfigurationTested':
      return state;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

function merged(values: PropertyValues, changes: Readonly<Record<string, string | null>>): Record<string, string> {
  const next: Record<string, string> = { ...values };
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) delete next[name];
    else next[name] = value;
  }
  return next;
}

/** The name trimmed, 2 to 100 characters, or CONNECTOR_CONFIGURATION_INVALID naming the field. */
function checkedName(raw: string): string {
  const name = raw.trim();
  const { min, max } = CONNECTOR_LIMITS.name;
  const length = [...name].length;
  if (length === 0) throw new DomainError('CONNECTOR_CONFIGURATION_INVALID', { fields: [{ field: 'name', code: 'TEXT_REQUIRED' }] });
  if (length < min || length > max) throw new DomainError('CONNECTOR_CONFIGURATION_INVALID', { fields: [{ field: 'name', code: 'TEXT_LENGTH', min, max }] });
  return name;
}

/** The values refused when none is set, or when one breaks its property's rule. */
function checkValues(connectorId: string, values: PropertyValues): void {
  const connector = connectorById(connectorId);
  if (!connector) throw new DomainError('CONNECTOR_NOT_FOUND', { connectorId });
  if (Object.keys(values).length === 0) throw new DomainError('CONNECTOR_PROPERTIES_REQUIRED', {});
  const problems = propertyProblems(connector, values);
  if (problems.length > 0) throw new DomainError('CONNECTOR_PROPERTY_INVALID', { fields: problems });
}

/** Empty values are no values. */
const withoutEmpty = (values: PropertyValues): Record<string, string> => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));

export function decideConnectorConfiguration(command: ConnectorConfigurationCommand, state: ConnectorConfigurationState): ConnectorConfigurationEvent[] {
  const { configurationId } = command.data;
  if (command.type === 'CreateConnectorConfiguration') {
    if (state.status !== 'none') return [];
    const { accountId, organizationId, connectorId, active } = command.data;
    const connector = connectorById(connectorId);
    if (!connector) throw new DomainError('CONNECTOR_NOT_FOUND', { connectorId });
    if (!connector.configurable) throw new DomainError('CONNECTOR_NOT_CONFIGURABLE', { connectorId });
    const name = checkedName(command.data.name);
    const properties = withoutEmpty(command.data.properties);
    checkValues(connectorId, properties);
    return [{ type: 'ConnectorConfigurationCreated', data: { configurationId, accountId, organizationId, connectorId, connectorType: connector.type, name, properties, active } }];
  }
  if (state.status !== 'live') throw new DomainError('CONNECTOR_CONFIGURATION_NOT_FOUND', { configurationId });
  switch (command.type) {
    case 'ChangeConnectorConfiguration': {
      const events: ConnectorConfigurationEvent[] = [];
      const changes: { name?: string; properties?: Record<string, string | null> } = {};
      if (command.data.name !== undefined) {
        const name = checkedName(command.data.name);
        if (name !== state.name) changes.name = name;
      }
      if (command.data.properties !== undefined) {
        const changed: Record<string, string | null> = {};
        for (const [name, raw] of Object.entries(command.data.properties)) {
          const value = raw === '' ? null : raw;
          if (value === null ? name in state.properties : state.properties[name] !== value) changed[name] = value;
        }
        if (Object.keys(changed).length > 0) {
          checkValues(state.connectorId, merged(state.properties, changed));
          changes.properties = changed;
        }
      }
      if (Object.keys(changes).length > 0) events.push({ type: 'ConnectorConfigurationChanged', data: { configurationId, changes } });
      if (command.data.active === true && !state.active) events.push({ type: 'ConnectorConfigurationActivated', data: { configurationId } });
      if (command.data.active === false && state.active) events.push({ type: 'ConnectorConfigurationDeactivated', data: { configurationId } });
      return events;
    }
    case 'DeleteConnectorConfiguration':
      return [{ type: 'ConnectorConfigurationDeleted', data: { configurationId } }];
    case 'RecordConnectorTest': {
      const { ok, message, latencyMs } = command.data;
      return [{ type: 'ConnectorConfigurationTested', data: { configurationId, ok, message: message.slice(0, 500), latencyMs: Math.max(0, Math.round(latencyMs)) } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const connectorConfigurationDecider: Decider<ConnectorConfigurationState, ConnectorConfigurationCommand, ConnectorConfigurationEvent> = {
  initialState: initialConnectorConfigurationState,
  evolve: evolveConnectorConfiguration,
  decide: decideConnectorConfiguration,
};
