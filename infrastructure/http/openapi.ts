import type { JsonSchema, Route } from './route.js';
import { ERROR_STATUS } from './error-catalogue.js';

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['code', 'message', 'details'],
  properties: {
    code: { type: 'string', enum: Object.keys(ERROR_STATUS) },
    message: { type: 'string', description: 'Translated by Accept-Language (fr-FR, en-GB, nl-BE, de-DE).' },
    details: { type: 'object', description: 'For VALIDATION_FAILED: `fields`, one entry per invalid field.' },
  },
};

function parameters(schema: JsonSchema | undefined, location: 'path' | 'query') {
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema?.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
    ...(property.description ? { description: property.description } : {}),
  }));
}

/** The OpenAPI 3.1 document, built from the same route table and JSON Schemas that validate requests. */
export function buildOpenApi(routes: readonly Route[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const authenticated = route.access.kind === 'authenticated';
    const headers = [
      ...(authenticated
        ? [{ name: 'X-Module', in: 'header', required: false, schema: { type: 'string', enum: ['root', 'tim', 'lcm', 'rps'] } }]
        : []),
      ...(route.idempotent ? [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 } }] : []),
      ...(route.conditional ? [{ name: 'If-Match', in: 'header', required: false, schema: { type: 'string' } }] : []),
    ];
    const operation: Record<string, unknown> = {
      operationId: route.operationId,
      summary: route.summary,
      tags: [route.tag],
      parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query'), ...headers],
      responses: {
        [String(route.success?.status ?? 200)]: {
          description: route.success?.description ?? 'Success',
          ...(route.success?.schema ? { content: { 'application/json': { schema: route.success.schema } } } : {}),
        },
        default: { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
      ...(route.access.kind === 'authenticated'
        ? { security: [{ bearer: [] }], 'x-permission': route.access.permission }
        : { security: [] }),
    };
    if (route.body) operation.requestBody = { required: true, content: { 'application/json': { schema: route.body } } };
    paths[`/api${route.path}`] = { ...(paths[`/api${route.path}`] ?? {}), [route.method]: operation };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Trade-in platform API', version: '0.1.0' },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: ERROR_SCHEMA },
    },
    paths,
  };
}
