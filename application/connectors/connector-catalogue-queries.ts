/**
 * The catalogue of connectors as the API lists it (GET /connectors: the
 * specification's page of 500), filtered by type and name.
 */
import { ApplicationError } from '../commands/errors.js';
import type { ListPage } from '../views/schema.js';
import { CONNECTOR_CATALOGUE, connectorById, type Connector, type ConnectorType } from '../../domain/connectors/catalogue.js';
import type { ConnectorView } from './connector-views.js';

export interface ConnectorListQuery {
  type?: ConnectorType;
  name?: string;
  page: number;
  itemsPerPage: number;
}

export function presentConnector(connector: Connector): ConnectorView {
  return { ...connector, properties: connector.properties.map((p) => ({ ...p })) };
}

export function listConnectors(query: ConnectorListQuery): ListPage<ConnectorView> {
  const name = query.name?.trim().toLowerCase() ?? '';
  const matching = CONNECTOR_CATALOGUE.filter(
    (c) => (query.type === undefined || c.type === query.type) && (name === '' || c.name.toLowerCase().includes(name) || c.id.includes(name)),
  );
  const skip = (query.page - 1) * query.itemsPerPage;
  const items = matching.slice(skip, skip + query.itemsPerPage).map(presentConnector);
  return { items, totalItems: matching.length, totalItemsIsLowerBound: false, hasNextPage: skip + query.itemsPerPage < matching.length, page: query.page, itemsPerPage: query.itemsPerPage };
}

export function connectorOrNotFound(connectorId: string): Connector {
  const connector = connectorById(connectorId);
  if (!connector) throw new ApplicationError('CONNECTOR_NOT_FOUND', { connectorId });
  return connector;
}
