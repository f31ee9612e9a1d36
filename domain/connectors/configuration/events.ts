/**
 * A connector's configuration for one organization (a connector-organization,
 * issue 23): its events. Property values are strings; a secret's value is
 * sealed before it reaches the aggregate (application/connectors: AES-GCM
 * with a key from the server's secret), so no event holds it in clear. A
 * change carries only the fields it changed; who and when travel in the
 * event's metadata.
 */
import type { ConnectorType } from '../catalogue.js';

/** By property name: its value (a secret's sealed). */
export type PropertyValues = Readonly<Record<string, string>>;

export interface ConnectorConfigurationCreated {
  type: 'ConnectorConfigurationCreated';
  data: {
    configurationId: string;
    accountId: string;
    organizationId: string;
    connectorId: string;
    connectorType: ConnectorType;
    name: string;
    properties: PropertyValues;
    active: boolean;
  };
}

export interface ConnectorConfigurationChanged {
  type: 'ConnectorConfigurationChanged';
  /** `properties`: only the changed ones; null removes an optional one. */
  data: { configurationId: string; changes: { name?: string; properties?: Readonly<Record<string, string | null>> } };
}

export interface ConnectorConfigurationActivated {
  type: 'ConnectorConfigurationActivated';
  data: { configurationId: string };
}

export interface ConnectorConfigurationDeactivated {
  type: 'ConnectorConfigurationDeactivated';
  data: { configurationId: string };
}

export interface ConnectorConfigurationDeleted {
  type: 'ConnectorConfigurationDeleted';
  data: { configurationId: string };
}

/** The last "test the connection": whether the provider answered as expected, its message, how long it took. */
export interface ConnectorConfigurationTested {
  type: 'ConnectorConfigurationTested';
  data: { configurationId: string; ok: boolean; message: string; latencyMs: number };
}

export type ConnectorConfigurationEvent =
  | ConnectorConfigurationCreated
  | ConnectorConfigurationChanged
  | ConnectorConfigurationActivated
  | ConnectorConfigurationDeactivated
  | ConnectorConfigurationDeleted
  | ConnectorConfigurationTested;

export const CONNECTOR_CONFIGURATION_EVENT_TYPES = [
  'ConnectorConfigurationCreated',
  'ConnectorConfigurationChanged',
  'ConnectorConfigurationActivated',
  'ConnectorConfigurationDeactivated',
  'ConnectorConfigurationDeleted',
  'ConnectorConfigurationTested',
] as const;
