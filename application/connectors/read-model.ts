/**
 * The connector configurations' read model (disposable: rebuilt from their
 * streams). A secret's value is kept as it is in the events, sealed.
 */
import type { ConnectorType } from '../../domain/connectors/catalogue.js';

export const CONNECTOR_COLLECTIONS = { configurations: 'connector_configurations' } as const;

export interface ConfigurationDocument {
  _id: string;
  accountId: string;
  organizationId: string;
  connectorId: string;
  connectorType: ConnectorType;
  name: string;
  /** The name lower-cased and trimmed (its uniqueness key; the name filter). */
  nameKey: string;
  /** By property name: its value, a secret's sealed. */
  properties: Record<string, string>;
  active: boolean;
  createdAt: string;
  updatedAt: string;
  lastTest: { at: string; ok: boolean; message: string; latencyMs: number } | null;
  revision: number;
  [key: string]: unknown;
}
