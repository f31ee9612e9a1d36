/**
 * What the connectors' routes answer (issue 23): the catalogue's connectors,
 * a configuration of one for an organization (secret values never in it:
 * `value` null, `set` says whether one is stored), its history, the result
 * of a connection test.
 */
import { DateTime, ListPage, Nullable, StringEnum, Type, Uuid, type Static } from '../views/schema.js';
import { CONNECTOR_TYPES, PROPERTY_KINDS } from '../../domain/connectors/catalogue.js';

export const ConnectorView = Type.Object(
  {
    id: Type.String({ description: 'A slug, e.g. http-carrier.' }),
    name: Type.String(),
    type: StringEnum(CONNECTOR_TYPES),
    fqn: Type.String({ description: 'e.g. transport.http_carrier' }),
    properties: Type.Array(Type.Object({ name: Type.String(), kind: StringEnum(PROPERTY_KINDS), required: Type.Boolean() })),
    testable: Type.Boolean({ description: 'Whether its configurations have a connection test.' }),
    configurable: Type.Boolean({ description: 'False: configured on its own screen (the SSO).' }),
  },
  { title: 'Connector' },
);
export type ConnectorView = Static<typeof ConnectorView>;
export const ConnectorPage = ListPage(ConnectorView, 'ConnectorPage');

export const ConfigurationPropertyView = Type.Object(
  {
    name: Type.String(),
    value: Nullable(Type.String({ description: 'Null for a secret (never answered) or a property not set.' })),
    secret: Type.Boolean(),
    set: Type.Boolean({ description: 'Whether a value is stored.' }),
  },
  { title: 'ConnectorConfigurationProperty' },
);

export const LastTestView = Type.Object({ at: DateTime, ok: Type.Boolean(), message: Type.String() }, { title: 'ConnectorLastTest' });

export const ConfigurationView = Type.Object(
  {
    id: Uuid,
    accountId: Uuid,
    organizationId: Uuid,
    organizationName: Type.String(),
    connectorId: Type.String(),
    connectorType: StringEnum(CONNECTOR_TYPES),
    name: Type.String(),
    properties: Type.Array(ConfigurationPropertyView),
    active: Type.Boolean(),
    createdAt: DateTime,
    updatedAt: DateTime,
    lastTest: Nullable(LastTestView),
    revision: Type.Integer({ minimum: 0, description: 'Its stream revision (the ETag, for If-Match).' }),
  },
  { title: 'ConnectorConfiguration' },
);
export type ConfigurationView = Static<typeof ConfigurationView>;
export const ConfigurationPage = ListPage(ConfigurationView, 'ConnectorConfigurationPage');

export const ConfigurationHistoryView = Type.Object(
  {
    items: Type.Array(
      Type.Object({
        eventId: Type.String(),
        revision: Type.Integer({ minimum: 0 }),
        type: Type.String(),
        at: DateTime,
        user: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
        changes: Type.Record(Type.String(), Type.Object({ from: Type.Unknown(), to: Type.Unknown() }), {
          description: 'Each changed value (from, to); a secret shows as "••••" when set, never its value.',
        }),
      }),
    ),
  },
  { title: 'ConnectorConfigurationHistory' },
);
export type ConfigurationHistoryView = Static<typeof ConfigurationHistoryView>;

export const ConnectionTestView = Type.Object(
  { ok: Type.Boolean(), message: Type.String(), latencyMs: Type.Integer({ minimum: 0 }) },
  { title: 'ConnectorConnectionTest' },
);
export type ConnectionTestView = Static<typeof ConnectionTestView>;
