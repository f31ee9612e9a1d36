import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../../shared/test-support.js';
import { connectorConfigurationDecider, type ConnectorConfigurationCommand } from './decide.js';
import type { ConnectorConfigurationEvent } from './events.js';
import { connectorActiveDecider, connectorNameDecider, connectorNameKey } from './guards.js';

const spec = deciderSpecification(connectorConfigurationDecider);
const configurationId = 'c1';
const sealed = 'sealed:v1:aaa.bbb.ccc';

const create = (overrides: Partial<Extract<ConnectorConfigurationCommand, { type: 'CreateConnectorConfiguration' }>['data']> = {}): ConnectorConfigurationCommand => ({
  type: 'CreateConnectorConfiguration',
  data: { configurationId, accountId: 'a1', organizationId: 'o1', connectorId: 'http-carrier', name: ' Colis ', properties: { baseUrl: 'https://carrier.test/api', apiKey: sealed }, active: true, ...overrides },
});
const created: ConnectorConfigurationEvent = {
  type: 'ConnectorConfigurationCreated',
  data: { configurationId, accountId: 'a1', organizationId: 'o1', connectorId: 'http-carrier', connectorType: 'transport', name: 'Colis', properties: { baseUrl: 'https://carrier.test/api', apiKey: sealed }, active: true },
};
const change = (data: Omit<Extract<ConnectorConfigurationCommand, { type: 'ChangeConnectorConfiguration' }>['data'], 'configurationId'>): ConnectorConfigurationCommand => ({
  type: 'ChangeConnectorConfiguration',
  data: { configurationId, ...data },
});

describe('Given no configuration', () => {
  it('when one is created with a name and its required properties, then it is created, the name trimmed and its type the connector’s', () => {
    spec.given().when(create()).then([created]);
  });
  it('when it has no property, then CONNECTOR_PROPERTIES_REQUIRED', () => {
    spec.given().when(create({ connectorId: 'embedded-carrier', properties: { carrierName: '' } })).thenRefused('CONNECTOR_PROPERTIES_REQUIRED');
  });
  it('when a property is unknown, a required one missing, a url or an integer bad, then CONNECTOR_PROPERTY_INVALID names each', () => {
    const refusal = spec.given().when(create({ properties: { baseUrl: 'ftp://x', timeoutMs: '12.5', colour: 'red' } })).thenRefused('CONNECTOR_PROPERTY_INVALID');
    expect((refusal.details.fields as { field: string; code: string }[]).map((p) => `${p.field}:${p.code}`).sort()).toEqual([
      'properties.apiKey:CONNECTOR_PROPERTY_MISSING',
      'properties.baseUrl:CONNECTOR_PROPERTY_URL',
      'properties.colour:CONNECTOR_PROPERTY_UNKNOWN',
      'properties.timeoutMs:CONNECTOR_PROPERTY_INTEGER',
    ]);
  });
  it('when the name is one character, or the connector the SSO, then it is refused', () => {
    spec.given().when(create({ name: 'x' })).thenRefused('CONNECTOR_CONFIGURATION_INVALID', { fields: [{ field: 'name', code: 'TEXT_LENGTH', min: 2, max: 100 }] });
    spec.given().when(create({ connectorId: 'openid-sso' })).thenRefused('CONNECTOR_NOT_CONFIGURABLE');
    spec.given().when(create({ connectorId: 'pigeon' })).thenRefused('CONNECTOR_NOT_FOUND');
  });
});

describe('Given a configuration', () => {
  it('when changed, then only what changed is in the event, and the active flag is its own event', () => {
    spec
      .given(created)
      .when(change({ name: 'Colis', properties: { baseUrl: 'https://carrier.test/api', timeoutMs: '2000' }, active: false }))
      .then([
        { type: 'ConnectorConfigurationChanged', data: { configurationId, changes: { properties: { timeoutMs: '2000' } } } },
        { type: 'ConnectorConfigurationDeactivated', data: { configurationId } },
      ]);
  });
  it('when nothing changes, then nothing is written', () => {
    spec.given(created).when(change({ name: 'Colis', active: true })).then([]);
  });
  it('when a required property is removed, then it is refused', () => {
    spec.given(created).when(change({ properties: { baseUrl: null } })).thenRefused('CONNECTOR_PROPERTY_INVALID');
  });
  it('when deleted, then it is gone: a change is CONNECTOR_CONFIGURATION_NOT_FOUND', () => {
    const { state } = spec.given(created).when({ type: 'DeleteConnectorConfiguration', data: { configurationId } }).then([{ type: 'ConnectorConfigurationDeleted', data: { configurationId } }]);
    expect(state.status).toBe('deleted');
    spec.given(created, { type: 'ConnectorConfigurationDeleted', data: { configurationId } }).when(change({ name: 'Autre' })).thenRefused('CONNECTOR_CONFIGURATION_NOT_FOUND');
  });
  it('when a test is recorded, then its result is an event', () => {
    spec
      .given(created)
      .when({ type: 'RecordConnectorTest', data: { configurationId, ok: false, message: 'refused', latencyMs: 12.4 } })
      .then([{ type: 'ConnectorConfigurationTested', data: { configurationId, ok: false, message: 'refused', latencyMs: 12 } }]);
  });
});

describe('Given the guards', () => {
  const names = deciderSpecification(connectorNameDecider);
  const active = deciderSpecification(connectorActiveDecider);
  const reserved = { type: 'ConnectorConfigurationNameReserved' as const, data: { accountId: 'a1', name: 'Colis', configurationId: 'c1' } };
  it('when a name held by another configuration is reserved, then CONNECTOR_CONFIGURATION_NAME_TAKEN; released, it is free', () => {
    names.given(reserved).when({ type: 'ReserveConnectorConfigurationName', data: { accountId: 'a1', name: 'Colis', configurationId: 'c2' } }).thenRefused('CONNECTOR_CONFIGURATION_NAME_TAKEN');
    names
      .given(reserved, { type: 'ConnectorConfigurationNameReleased', data: reserved.data })
      .when({ type: 'ReserveConnectorConfigurationName', data: { accountId: 'a1', name: 'Colis', configurationId: 'c2' } })
      .then([{ type: 'ConnectorConfigurationNameReserved', data: { accountId: 'a1', name: 'Colis', configurationId: 'c2' } }]);
    expect(connectorNameKey('a1', ' COLIS ')).toBe(connectorNameKey('a1', 'colis'));
    expect(connectorNameKey('a2', 'colis')).not.toBe(connectorNameKey('a1', 'colis'));
  });
  it('when a second configuration of a type claims the organization’s active one, then CONNECTOR_ALREADY_ACTIVE; its holder claiming again changes nothing', () => {
    const claimed = { type: 'ConnectorActiveConfigurationClaimed' as const, data: { organizationId: 'o1', connectorType: 'transport', configurationId: 'c1' } };
    active.given(claimed).when({ type: 'ClaimActiveConnectorConfiguration', data: { ...claimed.data, configurationId: 'c2' } }).thenRefused('CONNECTOR_ALREADY_ACTIVE', { connectorType: 'transport' });
    active.given(claimed).when({ type: 'ClaimActiveConnectorConfiguration', data: claimed.data }).then([]);
    active.given(claimed).when({ type: 'ReleaseActiveConnectorConfiguration', data: { ...claimed.data, configurationId: 'c2' } }).then([]);
  });
});
