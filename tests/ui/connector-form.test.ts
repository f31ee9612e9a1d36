import { describe, expect, it } from 'vitest';
import { catalogueGroups } from '../../ui/dashboard/features/connectors/catalogue-model.js';
import {
  changeBody,
  checkValues,
  createBody,
  fieldOfPath,
  fieldOfRefusal,
  propertyFields,
  valuesOf,
  type ConfigurationFormValues,
} from '../../ui/dashboard/features/connectors/form-model.js';
import type { Connector, ConnectorConfiguration } from '../../ui/dashboard/features/connectors/types.js';

/** The connector configuration's form: one field per property of the connector, by its kind; secrets write-only; the API's refusals at their fields. */

const HTTP_CARRIER: Connector = {
  id: 'http-carrier',
  name: 'Transporteur HTTP',
  type: 'transport',
  fqn: 'transport.http_carrier',
  properties: [
    { name: 'baseUrl', kind: 'url', required: true },
    { name: 'apiKey', kind: 'secret', required: true },
    { name: 'timeoutMs', kind: 'integer', required: false },
  ],
  testable: true,
  configurable: true,
};

const TARGET = { organizationId: '6f1c9d1e-1111-4222-8333-444455556666', connectorId: 'http-carrier' };

const stored: ConnectorConfiguration = {
  id: '0a1b2c3d-1111-4222-8333-444455556666',
  accountId: 'acc',
  organizationId: TARGET.organizationId,
  organizationName: 'Demo',
  connectorId: 'http-carrier',
  connectorType: 'transport',
  name: 'Transporteur principal',
  properties: [
    { name: 'baseUrl', value: 'https://carrier.example/api', secret: false, set: true },
    { name: 'apiKey', value: null, secret: true, set: true },
    { name: 'timeoutMs', value: '5000', secret: false, set: true },
  ],
  active: true,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  lastTest: null,
  revision: 3,
};

const fresh = (values: Partial<ConfigurationFormValues> = {}): ConfigurationFormValues => ({ ...valuesOf(HTTP_CARRIER, null), ...values });
const problemsOf = (values: ConfigurationFormValues, configuration: ConnectorConfiguration | null = null) =>
  checkValues(HTTP_CARRIER, configuration, values).map((problem) => `${problem.field}:${problem.code}`);

describe('Given a connector’s properties', () => {
  it('then the form has one field per property in the connector’s order, the secret write-only and, once stored, only "set"', () => {
    expect(propertyFields(HTTP_CARRIER, null)).toEqual([
      { name: 'baseUrl', kind: 'url', required: true, secret: false, set: false },
      { name: 'apiKey', kind: 'secret', required: true, secret: true, set: false },
      { name: 'timeoutMs', kind: 'integer', required: false, secret: false, set: false },
    ]);
    expect(propertyFields(HTTP_CARRIER, stored).map((field) => `${field.name}:${field.set}`)).toEqual(['baseUrl:false', 'apiKey:true', 'timeoutMs:false']);
    const values = valuesOf(HTTP_CARRIER, stored);
    expect(values).toEqual({ name: 'Transporteur principal', active: true, properties: { baseUrl: 'https://carrier.example/api', apiKey: '', timeoutMs: '5000' }, changing: {} });
  });

  it('then a new configuration starts inactive (a second active carrier would be refused)', () => {
    expect(valuesOf(HTTP_CARRIER, null).active).toBe(false);
  });
});

describe('When the form is checked before it is sent', () => {
  it('then each property is checked by its kind with the API’s own rules and codes, each problem at its own field, in the form’s order', () => {
    expect(problemsOf(fresh({ name: 'X', properties: { baseUrl: 'carrier.example', apiKey: '', timeoutMs: '5 s' } }))).toEqual([
      'name:TEXT_LENGTH',
      'properties.baseUrl:CONNECTOR_PROPERTY_URL',
      'properties.apiKey:CONNECTOR_PROPERTY_MISSING',
      'properties.timeoutMs:CONNECTOR_PROPERTY_INTEGER',
    ]);
    expect(problemsOf(fresh({ name: ' ', properties: { baseUrl: 'javascript:alert(1)', apiKey: 'k', timeoutMs: '-1' } }))).toEqual([
      'name:TEXT_REQUIRED',
      'properties.baseUrl:CONNECTOR_PROPERTY_URL',
      'properties.timeoutMs:CONNECTOR_PROPERTY_INTEGER',
    ]);
    // The timeout within the API's bounds (100 to 60,000 ms), said in its text.
    const tooShort = checkValues(HTTP_CARRIER, null, fresh({ name: 'Transporteur', properties: { baseUrl: 'https://b.example', apiKey: 'k', timeoutMs: '99' } }));
    expect(tooShort).toEqual([{ field: 'properties.timeoutMs', code: 'CONNECTOR_PROPERTY_INTEGER', params: { min: 100, max: 60_000 } }]);
    expect(problemsOf(fresh({ name: 'Transporteur', properties: { baseUrl: 'https://b.example', apiKey: 'k', timeoutMs: '60000' } }))).toEqual([]);
  });

  it('then a stored secret is not asked again, unless it is being changed', () => {
    const values = valuesOf(HTTP_CARRIER, stored);
    expect(problemsOf(values, stored)).toEqual([]);
    expect(problemsOf({ ...values, changing: { apiKey: true } }, stored)).toEqual(['properties.apiKey:CONNECTOR_PROPERTY_MISSING']);
  });

  it('then a connector whose properties are all optional still needs one of them', () => {
    const optional: Connector = { ...HTTP_CARRIER, properties: [{ name: 'carrierName', kind: 'text', required: false }] };
    expect(checkValues(optional, null, { name: 'Étiquettes', active: false, properties: { carrierName: '  ' }, changing: {} })).toEqual([
      { field: 'properties.carrierName', code: 'CONNECTOR_PROPERTIES_REQUIRED' },
    ]);
  });
});

describe('When a new configuration is created', () => {
  it('then the body names the organization and the connector, and carries each typed property (trimmed, a secret as typed)', () => {
    const built = createBody(TARGET.organizationId, HTTP_CARRIER, fresh({ name: '  Transporteur B ', properties: { baseUrl: ' https://b.example ', apiKey: ' s3cr3t ', timeoutMs: '' } }));
    expect(built).toEqual({
      body: {
        ...TARGET,
        name: 'Transporteur B',
        active: false,
        properties: [
          { name: 'baseUrl', value: 'https://b.example' },
          { name: 'apiKey', value: ' s3cr3t ' },
        ],
      },
    });
  });
});

describe('When a stored configuration is changed', () => {

  it('then nothing changed sends an empty patch, and the stored secret is never sent', () => {
    expect(changeBody(stored, HTTP_CARRIER, valuesOf(HTTP_CARRIER, stored))).toEqual({ body: {} });
  });

  it('then a new name or activity sends only that', () => {
    expect(changeBody(stored, HTTP_CARRIER, { ...valuesOf(HTTP_CARRIER, stored), name: 'Autre', active: false })).toEqual({ body: { name: 'Autre', active: false } });
  });

  it('then only the changed properties are sent, an emptied optional one as null (removed), never the stored secret (left out keeps it)', () => {
    const values = valuesOf(HTTP_CARRIER, stored);
    expect(changeBody(stored, HTTP_CARRIER, { ...values, properties: { ...values.properties, timeoutMs: '8000' } })).toEqual({ body: { properties: [{ name: 'timeoutMs', value: '8000' }] } });
    expect(changeBody(stored, HTTP_CARRIER, { ...values, properties: { ...values.properties, timeoutMs: ' ' } })).toEqual({ body: { properties: [{ name: 'timeoutMs', value: null }] } });
  });

  it('then a secret being replaced is sent; "change" clicked and then kept sends nothing', () => {
    const values = valuesOf(HTTP_CARRIER, stored);
    const changed = changeBody(stored, HTTP_CARRIER, { ...values, changing: { apiKey: true }, properties: { ...values.properties, apiKey: 'new-key' } });
    expect(changed).toEqual({ body: { properties: [{ name: 'apiKey', value: 'new-key' }] } });
    expect(changeBody(stored, HTTP_CARRIER, { ...values, changing: { apiKey: false } })).toEqual({ body: {} });
  });
});

describe('When the API refuses the form', () => {
  const fields = propertyFields(HTTP_CARRIER, null);
  const refusal = (code: string, details: Record<string, unknown> = {}) => fieldOfRefusal({ code, details, fields: [] }, fields);

  it('then a taken name is said at the name, a second active one at the switch, the invalid property at its field', () => {
    expect(refusal('CONNECTOR_CONFIGURATION_NAME_TAKEN')).toBe('name');
    expect(refusal('CONNECTOR_ALREADY_ACTIVE')).toBe('active');
    expect(refusal('CONNECTOR_PROPERTY_INVALID', { property: 'timeoutMs' })).toBe('properties.timeoutMs');
    expect(refusal('CONNECTOR_PROPERTIES_REQUIRED')).toBe('properties.baseUrl');
  });

  it('then a property the connector does not have, or another refusal, belongs to no field (said under the form)', () => {
    expect(refusal('CONNECTOR_PROPERTY_INVALID', { property: 'password' })).toBeNull();
    expect(refusal('PRECONDITION_FAILED')).toBeNull();
  });

  it('then a validation path names the property by name or by its index in the body sent', () => {
    const sent = [{ name: 'baseUrl' }, { name: 'timeoutMs' }];
    expect(fieldOfPath('name', sent, fields)).toBe('name');
    expect(fieldOfPath('/properties/1/value', sent, fields)).toBe('properties.timeoutMs');
    expect(fieldOfPath('properties.apiKey', sent, fields)).toBe('properties.apiKey');
    expect(fieldOfPath('properties.7.value', sent, fields)).toBeNull();
    expect(fieldOfPath('organizationId', sent, fields)).toBeNull();
  });
});

describe('Given the catalogue and an organization’s configurations', () => {
  it('then the connectors are grouped by type, transport first, each with its count of configurations and of active ones', () => {
    const payment: Connector = { ...HTTP_CARRIER, id: 'http-payment-provider', name: 'Prestataire de virement', type: 'payment_mode', fqn: 'payment_mode.http' };
    const embedded: Connector = { ...HTTP_CARRIER, id: 'embedded-carrier', name: 'Étiquettes de la plateforme', type: 'transport', properties: [] };
    const groups = catalogueGroups([payment, HTTP_CARRIER, embedded], [
      { connectorId: 'embedded-carrier', active: true },
      { connectorId: 'http-payment-provider', active: false },
      { connectorId: 'http-payment-provider', active: true },
    ]);
    expect(groups.map((group) => [group.type, group.entries.map((entry) => `${entry.connector.id}:${entry.configurations}/${entry.active}`)])).toEqual([
      ['transport', ['embedded-carrier:1/1', 'http-carrier:0/0']],
      ['payment_mode', ['http-payment-provider:2/1']],
    ]);
  });
});
