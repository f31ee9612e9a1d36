// .js: Node tests load this file.
import { CATALOGUE_ORDER, type Connector, type ConnectorConfiguration, type ConnectorType } from './types.js';

export interface CatalogueEntry {
  connector: Connector;
  /** The organization's configurations of this connector, and how many of them are active. */
  configurations: number;
  active: number;
}

export interface CatalogueGroup {
  type: ConnectorType;
  entries: CatalogueEntry[];
}

/**
 * The catalogue as the screen shows it: one group per type that has
 * connectors (transport first, in CATALOGUE_ORDER), each connector by
 * name with the organization's count of configurations of it.
 */
export function catalogueGroups(connectors: readonly Connector[], configurations: ReadonlyArray<Pick<ConnectorConfiguration, 'connectorId' | 'active'>>): CatalogueGroup[] {
  const counts = new Map<string, { configurations: number; active: number }>();
  for (const configuration of configurations) {
    const count = counts.get(configuration.connectorId) ?? { configurations: 0, active: 0 };
    count.configurations += 1;
    if (configuration.active) count.active += 1;
    counts.set(configuration.connectorId, count);
  }
  return CATALOGUE_ORDER.map((type) => ({
    type,
    entries: connectors
      .filter((connector) => connector.type === type)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((connector) => ({ connector, ...(counts.get(connector.id) ?? { configurations: 0, active: 0 }) })),
  })).filter((group) => group.entries.length > 0);
}

/** The organization types a connector configuration may be linked to, as the picker offers them. */
export const CONFIGURABLE_ORGANIZATION_TYPES = ['root_management_unit', 'management_unit', 'store'] as const;
