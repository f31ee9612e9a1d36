/**
 * The catalogue of connectors (issue 23, specification 002 §7 "GET
 * connectors, GET connectors/{id}"): defined in code, the same for every
 * retailer; a page of up to 500 (the specification's page size).
 */
import { connectorOrNotFound, listConnectors, presentConnector } from '../../../../application/connectors/connector-catalogue-queries.js';
import { ConnectorPage, ConnectorView } from '../../../../application/connectors/connector-views.js';
import { CONNECTOR_PERMISSIONS } from '../../../../application/connectors/streams.js';
import { CONNECTOR_TYPES } from '../../../../domain/connectors/catalogue.js';
import { defineRoute, type Route } from '../../route.js';
import { MAX_PAGE, StringEnum, Text, Type } from '../schemas.js';

const tag = 'connectors';
const read = { kind: 'authenticated', permission: CONNECTOR_PERMISSIONS.read } as const;
export const CONNECTOR_PAGE_SIZE = 500;

export function connectorCatalogueRoutes(): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/connectors',
      operationId: 'listConnectors',
      summary: 'The connectors the platform has (catalogue order), each with its type, fqn, properties and whether it can be tested; filters type and name (a part of its name or id); pages of up to 500',
      tag,
      access: read,
      query: Type.Object(
        {
          page: Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 }),
          itemsPerPage: Type.Integer({ minimum: 1, maximum: CONNECTOR_PAGE_SIZE, default: CONNECTOR_PAGE_SIZE }),
          type: Type.Optional(StringEnum(CONNECTOR_TYPES)),
          name: Type.Optional(Text(100)),
        },
        { additionalProperties: false },
      ),
      response: { status: 200, description: 'One page', schema: ConnectorPage },
      handler: async ({ query }) => ({ body: listConnectors(query) }),
    }),
    defineRoute({
      method: 'get',
      path: '/connectors/{id}',
      operationId: 'getConnector',
      summary: 'One connector of the catalogue, by its slug (e.g. http-carrier)',
      tag,
      access: read,
      params: Type.Object({ id: Type.String({ maxLength: 64, pattern: '^[a-z0-9-]+$' }) }, { additionalProperties: false }),
      response: { status: 200, description: 'The connector', schema: ConnectorView },
      otherResponses: { 404: 'No such connector (CONNECTOR_NOT_FOUND)' },
      handler: async ({ params }) => ({ body: presentConnector(connectorOrNotFound(params.id)) }),
    }),
  ];
}
