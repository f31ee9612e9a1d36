import type { JsonSchema, Route, UploadSpec } from './route.js';

/** What each error status means, for the document. */
const ERROR_STATUSES: Record<number, string> = {
  400: 'The request is malformed or a value is invalid (`VALIDATION_FAILED` lists each field)',
  401: 'No valid session',
  403: 'The caller lacks the permission (or the module)',
  404: 'Not found (also what another tenant’s ids answer)',
  409: 'Refused in the current state, or a concurrent change',
  412: 'If-Match names an older revision',
  413: 'The body is over 1 MB',
  415: 'The body’s encoding is not supported',
  422: 'A business rule refuses the request',
  429: 'Too many requests: retry after the Retry-After delay',
  431: 'The request’s headers are over 16 KB (`REQUEST_HEADERS_TOO_LARGE`, answered by the server before any route)',
  500: 'Server error (its correlation id is in the details)',
  503: 'Temporarily unavailable',
};

/** The error statuses a route can answer, from what the pipeline and its kind of handler do. */
export function errorStatusesOf(route: Route): number[] {
  // Any request's headers may be over the server's limit (431).
  const statuses = new Set<number>([400, 429, 431, 500, 503]);
  if (route.access.kind === 'authenticated') [401, 403].forEach((s) => statuses.add(s));
  if (route.params || route.path.includes('{')) statuses.add(404);
  if (route.body) [413, 415, 422].forEach((s) => statuses.add(s));
  // A command's body is read (and may be refused: 413, 415) before its route runs, whether the route reads a body or not.
  if (route.method !== 'get' && route.method !== 'head') [404, 409, 413, 415, 422].forEach((s) => statuses.add(s));
  if (route.idempotent) [409, 422].forEach((s) => statuses.add(s));
  if (route.conditional) [409, 412].forEach((s) => statuses.add(s));
  if (route.method === 'get') statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}

/** The statuses the document declares for a route: its answers and its errors. */
export function declaredStatuses(route: Route): number[] {
  return [route.response.status, ...Object.keys(route.otherResponses ?? {}).map(Number), ...errorStatusesOf(route)];
}

/**
 * Publishes each schema that has a `title` once, under that name, in
 * components.schemas, and refers to it elsewhere: the views of
 * application/<part>/…-views.ts are the document's schemas.
 */
class SchemaRegistry {
  readonly components: Record<string, unknown> = {};
  private readonly byTitle = new Map<string, string>();

  /** A copy of the schema with every titled sub-schema replaced by a $ref. */
  refer(schema: unknown, root = true): unknown {
    if (Array.isArray(schema)) return schema.map((item) => this.refer(item, false));
    if (schema === null || typeof schema !== 'object') return schema;
    const object = schema as Record<string, unknown>;
    const title = typeof object.title === 'string' ? object.title : null;
    if (title && !root) return this.register(title, object);
    if (title && root) {
      this.register(title, object);
      return { $ref: `#/components/schemas/${title}` };
    }
    return this.copy(object);
  }

  private register(title: string, schema: Record<string, unknown>): unknown {
    const serialised = JSON.stringify(schema);
    const existing = this.byTitle.get(title);
    if (existing === undefined) {
      this.byTitle.set(title, serialised);
      this.components[title] = null; // reserved: a recursive reference to itself stops here
      this.components[title] = this.copy(schema);
    } else if (existing !== serialised) {
      throw new Error(`Two different schemas are titled ${title}`);
    }
    return { $ref: `#/components/schemas/${title}` };
  }

  private copy(object: Record<string, unknown>): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(object)) {
      // A recursive schema's own reference ($ref to its $id) points at its component.
      if (key === '$id') continue;
      if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) {
        result.$ref = `#/components/schemas/${value}`;
        continue;
      }
      result[key] = key === 'properties' || key === 'patternProperties' || key === '$defs' ? this.mapValues(value) : this.refer(value, false);
    }
    return result;
  }

  private mapValues(value: unknown): unknown {
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, this.refer(v, false)]));
  }
}

function parameters(schema: JsonSchema | undefined, location: 'path' | 'query', registry: SchemaRegistry) {
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema?.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const isObject = property.type === 'object';
    return {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      schema: registry.refer(property, false),
      // order[field]=asc, price[gte]=100: objects in the query string are deepObject parameters.
      ...(isObject ? { style: 'deepObject', explode: true } : property.type === 'array' ? { style: 'form', explode: true } : {}),
      ...(property.description ? { description: property.description } : {}),
    };
  });
}

const ACCOUNT_ID_SCHEMA = { type: 'string', format: 'uuid', maxLength: 36 };
const ACTING_ACCOUNT =
  'The account the request acts for. Provider staff (bound to no tenant) name it to act within it as the permission matrix lets them ' +
  '(404 ACCOUNT_NOT_FOUND when there is none); anyone else may name only their own account (403 ACCOUNT_NOT_ALLOWED). ' +
  'The query parameter and the header are the same; both given, they must agree.';

/**
 * What every tenant-scoped (authenticated) operation takes, declared once:
 * the account it acts for (`?accountId=` or `X-Account-Id`, read by the
 * pipeline, app.ts namedAccount). A route whose own query names accountId
 * keeps its declaration.
 */
function actingAccountParameters(route: Route): Array<Record<string, unknown>> {
  if (route.access.kind !== 'authenticated') return [];
  const ownQuery = ((route.query as JsonSchema | undefined)?.properties as Record<string, unknown> | undefined)?.accountId !== undefined;
  return [
    ...(ownQuery ? [] : [{ name: 'accountId', in: 'query', required: false, schema: ACCOUNT_ID_SCHEMA, description: ACTING_ACCOUNT }]),
    { name: 'X-Account-Id', in: 'header', required: false, schema: ACCOUNT_ID_SCHEMA, description: ACTING_ACCOUNT },
  ];
}

/** The OpenAPI 3.1 document, built from the same route table, request schemas and views that run the API. */
export function buildOpenApi(routes: readonly Route[], errorCodes: readonly string[] = []): Record<string, unknown> {
  const registry = new SchemaRegistry();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const authenticated = route.access.kind === 'authenticated';
    const headers = [
      ...(authenticated || (route.access.kind === 'public' && route.access.identifies)
        ? [{ name: 'X-Module', in: 'header', required: false, schema: { type: 'string', enum: ['root', 'tim', 'lcm', 'rps'] } }]
        : []),
      ...(route.idempotent
        ? [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255, pattern: '^[\\x21-\\x7e]+$' } }]
        : []),
      ...(route.conditional ? [{ name: 'If-Match', in: 'header', required: false, schema: { type: 'string', maxLength: 64 } }] : []),
    ];
    const success = route.response;
    const responses: Record<string, unknown> = {
      [String(success.status)]: {
        description: success.description,
        ...(success.schema
          ? { content: { 'application/json': { schema: registry.refer(success.schema) } } }
          : success.contentType
            ? { content: { [success.contentType]: { schema: { type: 'string' } } } }
            : {}),
      },
    };
    for (const [status, other] of Object.entries(route.otherResponses ?? {})) {
      const description = typeof other === 'string' ? other : other.description;
      // A refusal particular to the route (login's 401, an unpublished product's 422) has the Error body too.
      if (Number(status) >= 400) responses[status] = { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
      else responses[status] = typeof other === 'string' ? { description } : { description, content: { 'application/json': { schema: registry.refer(other.schema) } } };
    }
    for (const status of errorStatusesOf(route)) {
      responses[String(status)] = {
        description: ERROR_STATUSES[status] ?? 'Error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
    const operation: Record<string, unknown> = {
      operationId: route.operationId,
      summary: route.summary,
      tags: [route.tag],
      parameters: [
        ...parameters(route.params as JsonSchema | undefined, 'path', registry),
        ...parameters(route.query as JsonSchema | undefined, 'query', registry),
        ...headers,
        ...actingAccountParameters(route),
      ],
      responses,
      ...(route.access.kind === 'authenticated'
        ? {
            security: [{ bearer: [] }],
            'x-permission': route.access.permission,
            ...(route.access.permissionNote ? { 'x-permission-note': route.access.permissionNote } : {}),
          }
        : { security: [] }),
    };
    if (route.body) {
      const schema = registry.refer(route.body, false);
      // A PATCH is a JSON merge-patch (RFC 7396), accepted under either media type (app.ts).
      const content = route.method === 'patch' ? { 'application/json': { schema }, 'application/merge-patch+json': { schema } } : { 'application/json': { schema } };
      operation.requestBody = { required: true, content };
    }
    if (route.upload) operation.requestBody = uploadBody(route.upload);
    paths[`/api${route.path}`] = { ...(paths[`/api${route.path}`] ?? {}), [route.method]: operation };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Trade-in platform API', version: '2025-r32-6' },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['code', 'message', 'details'],
          properties: {
            code: { type: 'string', ...(errorCodes.length ? { enum: [...errorCodes] } : {}) },
            message: { type: 'string', description: 'Translated by Accept-Language (fr-FR, en-GB, nl-BE, de-DE).' },
            details: { type: 'object', description: 'For VALIDATION_FAILED: `fields`, one entry per invalid field (at most 20).' },
          },
        },
        ...registry.components,
      },
    },
    paths,
  };
}

/** An upload route's body: the file as is (text/csv…), or a multipart form whose `file` field holds it. */
function uploadBody(upload: UploadSpec): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  for (const type of upload.contentTypes) {
    content[type] = type.startsWith('multipart/')
      ? { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary', description: upload.description } } } }
      : { schema: { type: 'string', maxLength: upload.maxBytes, description: upload.description }, ...(upload.example ? { example: upload.example } : {}) };
  }
  return { required: true, description: `${upload.description} At most ${upload.maxBytes} bytes.`, content };
}
