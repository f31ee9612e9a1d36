/**
 * The connector configurations (connector-organizations, issue 23,
 * specification 002 §7): the list (list kit), create, one (ETag), merge-patch
 * and delete (If-Match), its history, and "test the connection". Secrets
 * are written, never answered.
 */
import { changeConnectorConfiguration, createConnectorConfiguration, deleteConnectorConfiguration, type ConnectorPorts, type PropertyInput } from '../../../../application/connectors/configuration-commands.js';
import { CONFIGURATION_SORTS, ConfigurationQueries } from '../../../../application/connectors/configuration-queries.js';
import { ConfigurationHistoryView, ConfigurationPage, ConfigurationView, ConnectionTestView } from '../../../../application/connectors/connector-views.js';
import { testConnection, type ConnectionProbe } from '../../../../application/connectors/connection-test.js';
import type { Texts } from '../../../../application/ports/texts.js';
import type { Throttle } from '../../../security/throttle.js';
import { HttpError } from '../../errors.js';
import { CONNECTOR_PERMISSIONS } from '../../../../application/connectors/streams.js';
import { CommandAnswer } from '../../../../application/views/schema.js';
import { CONNECTOR_LIMITS, CONNECTOR_TYPES } from '../../../../domain/connectors/catalogue.js';
import { commandContext, commandResult } from '../../command-route.js';
import { etagOf } from '../../etag.js';
import { listRoutes } from '../../list-route.js';
import { defineRoute, type Route } from '../../route.js';
import { StringEnum, Text, Type, idParams, uuid } from '../schemas.js';

const tag = 'connectors';
const read = { kind: 'authenticated', permission: CONNECTOR_PERMISSIONS.read } as const;
const manage = { kind: 'authenticated', permission: CONNECTOR_PERMISSIONS.manage } as const;
const notFound = { 404: 'No such configuration in the caller’s tenant (CONNECTOR_CONFIGURATION_NOT_FOUND)' };
const invalid =
  'No property set (CONNECTOR_PROPERTIES_REQUIRED); a property unknown, a required one missing, a bad url or integer (CONNECTOR_PROPERTY_INVALID, details.fields); the name not 2 to 100 characters (CONNECTOR_CONFIGURATION_INVALID)';
const conflicts =
  'The name is another configuration’s in the retailer (CONNECTOR_CONFIGURATION_NAME_TAKEN), or the organization already has an active configuration of this type, transport or payment_mode (CONNECTOR_ALREADY_ACTIVE)';

const connectorSlug = Type.String({ maxLength: 64, pattern: '^[a-z0-9-]+$' });
const PropertiesBody = Type.Array(
  Type.Object(
    {
      name: Text(64, 1),
      value: Type.Union([Text(CONNECTOR_LIMITS.value.max * 2), Type.Null()], { description: 'Its value; a secret’s is stored encrypted and never answered; null (or left out) keeps a secret, removes another optional property.' }),
    },
    { additionalProperties: false },
  ),
  { maxItems: CONNECTOR_LIMITS.properties, description: 'The properties, each by the connector’s property name.' },
);
const name = Text(CONNECTOR_LIMITS.name.max * 2, 0, { description: `${CONNECTOR_LIMITS.name.min} to ${CONNECTOR_LIMITS.name.max} characters, unique in the retailer.` });

export interface ConnectionTestDependencies {
  probe: ConnectionProbe;
  texts: Texts;
  /** Per user: a test calls someone else's server. */
  throttle: Throttle;
}

export function configurationRoutes(ports: ConnectorPorts, testing: ConnectionTestDependencies): Route[] {
  const queries = new ConfigurationQueries(ports);
  const onConfiguration = idParams('id');
  return [
    ...listRoutes({
      path: '/connector-organizations',
      tag,
      sorts: CONFIGURATION_SORTS,
      filters: {
        organizationId: Type.Optional(uuid),
        connectorId: Type.Optional(connectorSlug),
        type: Type.Optional(StringEnum(CONNECTOR_TYPES)),
        active: Type.Optional(Type.Boolean()),
        name: Type.Optional(Text(100)),
      },
      page: {
        operationId: 'listConnectorConfigurations',
        summary: 'The configurations of connectors of the caller’s organizations (by name unless ordered otherwise), each with its organization, properties (secrets never answered: only whether set), active flag and last test',
        permission: CONNECTOR_PERMISSIONS.read,
        schema: ConfigurationPage,
        handler: ({ principal }, query) => queries.list(principal, query),
      },
    }),
    defineRoute({
      method: 'post',
      path: '/connector-organizations',
      operationId: 'createConnectorConfiguration',
      summary:
        'A new configuration of a connector for an organization of the caller’s retailer: name (unique in the retailer; two creations racing for one name: one wins, the other 409), at least one property, active flag (an organization has at most one active transport and one active payment_mode configuration)',
      tag,
      access: manage,
      body: Type.Object(
        { organizationId: uuid, connectorId: connectorSlug, name, properties: PropertiesBody, active: Type.Optional(Type.Boolean({ default: false })) },
        { additionalProperties: false },
      ),
      idempotent: true,
      response: { status: 201, description: 'Created (its revision in ETag)', schema: CommandAnswer },
      otherResponses: {
        404: 'No such organization in the caller’s tenant (CONNECTOR_ORGANIZATION_NOT_FOUND), or no such connector (CONNECTOR_NOT_FOUND)',
        409: conflicts,
        422: `${invalid}; a connector configured on its own screen (CONNECTOR_NOT_CONFIGURABLE)`,
      },
      async handler(context) {
        const body = context.body;
        const outcome = await createConnectorConfiguration.run(ports, commandContext(context), {
          organizationId: body.organizationId,
          connectorId: body.connectorId,
          name: body.name,
          properties: body.properties as PropertyInput[],
          active: body.active ?? false,
        });
        return { ...commandResult(outcome, 201), headers: { ETag: etagOf(outcome.revision), Location: `/api/connector-organizations/${outcome.id}` } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/connector-organizations/{id}',
      operationId: 'getConnectorConfiguration',
      summary: 'One configuration (its ETag: the revision for If-Match); secrets never answered, only whether set',
      tag,
      access: read,
      params: onConfiguration,
      response: { status: 200, description: 'The configuration', schema: ConfigurationView },
      otherResponses: notFound,
      async handler({ principal, params }) {
        const view = await queries.detail(principal, params.id);
        return { body: view, headers: { ETag: etagOf(view.revision) } };
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/connector-organizations/{id}',
      operationId: 'changeConnectorConfiguration',
      summary:
        'Changes what the body names (JSON merge-patch): name, properties (only those listed change; a secret sent null or left out keeps its value), active. Only the changed fields are written. If-Match with its revision: another change since answers 412',
      tag,
      access: manage,
      params: onConfiguration,
      body: Type.Object({ name: Type.Optional(name), properties: Type.Optional(PropertiesBody), active: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
      conditional: true,
      response: { status: 200, description: 'Saved (the new revision in ETag; unchanged when nothing changed)', schema: CommandAnswer },
      otherResponses: { ...notFound, 409: conflicts, 412: 'If-Match names another revision: someone changed it since (PRECONDITION_FAILED)', 422: invalid },
      async handler(context) {
        const { name: newName, properties, active } = context.body;
        return commandResult(
          await changeConnectorConfiguration.run(ports, commandContext(context), {
            configurationId: context.params.id,
            ...(newName === undefined ? {} : { name: newName }),
            ...(properties === undefined ? {} : { properties: properties as PropertyInput[] }),
            ...(active === undefined ? {} : { active }),
          }),
        );
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/connector-organizations/{id}',
      operationId: 'deleteConnectorConfiguration',
      summary: 'Deletes a configuration: its name is free again; an active one no longer serves its organization (the installation’s default does). If-Match with its revision',
      tag,
      access: manage,
      params: onConfiguration,
      conditional: true,
      response: { status: 200, description: 'Deleted', schema: CommandAnswer },
      otherResponses: { ...notFound, 412: 'If-Match names another revision (PRECONDITION_FAILED)' },
      async handler(context) {
        return commandResult(await deleteConnectorConfiguration.run(ports, commandContext(context), { configurationId: context.params.id }));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/connector-organizations/{id}/test',
      operationId: 'testConnectorConfiguration',
      summary:
        'Tests the connection: calls the provider with the configuration’s url and key (GET {baseUrl}/ping, docs/carrier-contract.md and docs/payment-provider-contract.md; the embedded carrier is always there), answers whether it worked, a message in the caller’s language and the time it took, and records it as the configuration’s last test. At most 10 tests a minute per user',
      tag,
      access: manage,
      params: onConfiguration,
      response: { status: 200, description: 'The result (ok false: refused key, unreachable, unexpected answer; the message says which)', schema: ConnectionTestView },
      otherResponses: { ...notFound, 422: 'A connector without a connection test, e.g. sftp-import (CONNECTOR_NOT_TESTABLE)', 429: 'Too many tests: try again after Retry-After seconds (RATE_LIMITED)' },
      async handler(context) {
        const wait = await testing.throttle.hit(context.principal.userId ?? 'anonymous');
        if (wait !== null) throw new HttpError('RATE_LIMITED', { retryAfterSeconds: wait }, { 'Retry-After': String(wait) });
        const { position, ...result } = await testConnection({ ...ports, probe: testing.probe, texts: testing.texts }, commandContext(context), context.params.id);
        return { body: result, position };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/connector-organizations/{id}/history',
      operationId: 'getConnectorConfigurationHistory',
      summary: 'Every event of the configuration: what, when, who and each value it changed (a secret shown as "••••", never its value), oldest first',
      tag,
      access: read,
      params: onConfiguration,
      response: { status: 200, description: 'The history', schema: ConfigurationHistoryView },
      otherResponses: notFound,
      handler: async ({ principal, params }) => ({ body: await queries.history(principal, params.id) }),
    }),
  ];
}
