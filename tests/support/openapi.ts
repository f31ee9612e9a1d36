/**
 * The OpenAPI document as the tests read it: its operations, and a checker
 * that holds a real answer against what the document declares for it (the
 * status among the operation's `responses`, the body against the declared
 * schema with every `$ref` resolved in components.schemas, the content type,
 * Content-Language and Vary: Accept-Language, a size bound).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormatsModule, { type FormatsPlugin } from 'ajv-formats';

// ajv-formats is CommonJS; its default export arrives wrapped under NodeNext.
const addFormats: FormatsPlugin =
  (addFormatsModule as unknown as { default?: FormatsPlugin }).default ?? (addFormatsModule as unknown as FormatsPlugin);

export type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, unknown> };
  [key: string]: unknown;
};

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Record<string, unknown>;
  style?: string;
  explode?: boolean;
}

export interface OpenApiOperation {
  operationId: string;
  parameters: OpenApiParameter[];
  /** JSON, or an upload route's file (text/csv, multipart/form-data) with no JSON schema. */
  requestBody?: { content: { 'application/json'?: { schema: Record<string, unknown> }; [mediaType: string]: { schema: Record<string, unknown> } | undefined } };
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
  security: unknown[];
  'x-permission'?: string | null;
}

export interface Operation {
  method: string;
  /** The path as the document writes it, /api included. */
  path: string;
  operationId: string;
  operation: OpenApiOperation;
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method, path, operationId: operation.operationId, operation })),
  );
}

/** What the checker needs of an answer. */
export interface Answer {
  status: number;
  headers: Headers;
  /** The body as received. */
  text: string;
}

/** An answer weighs at most this (the fuzz test's bound; a page of 100 buybacks stays well under it). */
export const MAX_ANSWER_BYTES = 256 * 1024;
/**
 * Answers whose size the code bounds, not the data: GET /metrics holds a few
 * series per route template the process has answered (after this suite has
 * called every operation, ~500 of them: some 600 KB of text, as any scraped
 * service of that size).
 */
const BOUNDED_BY_CODE = new Set(['metrics']);

const DOCUMENT_ID = 'https://trade-in.test/openapi.json';

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** A copy in which every object schema listing its properties refuses others (unless it says what others may be). */
function closed(schema: unknown): any {
  if (Array.isArray(schema)) return schema.map(closed);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, closed(value)]));
  const open = 'additionalProperties' in copy || 'patternProperties' in copy || 'unevaluatedProperties' in copy;
  if (copy.type === 'object' && copy.properties && !open) copy.additionalProperties = false;
  return copy;
}

export class ContractChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    // Closed: an answer carrying a field its view does not declare (an internal field, personal data) does not conform.
    this.ajv.addSchema({ $id: DOCUMENT_ID, components: closed(document.components), paths: closed(document.paths) });
  }

  /** The validator of the JSON body the operation declares for `status`, or null when it declares none. */
  private validatorFor(operation: Operation, status: string): ValidateFunction | null {
    const key = `${operation.method} ${operation.path} ${status}`;
    if (!this.validators.has(key)) {
      if (!operation.operation.responses[status]?.content?.['application/json']) return null;
      const pointer = ['paths', operation.path, operation.method, 'responses', status, 'content', 'application/json', 'schema']
        .map(escapePointer)
        .join('/');
      const validate = this.ajv.getSchema(`${DOCUMENT_ID}#/${pointer}`);
      if (!validate) throw new Error(`${operation.operationId}: no schema at ${pointer}`);
      this.validators.set(key, validate);
    }
    return this.validators.get(key) ?? null;
  }

  /** Every way the answer departs from the document (empty: it conforms). */
  problems(operation: Operation, answer: Answer): string[] {
    const problems: string[] = [];
    const status = String(answer.status);
    const declared = operation.operation.responses[status];
    if (answer.status >= 500) problems.push(`answered ${status} (a server error)`);
    if (!declared) problems.push(`answered ${status}, which the document does not declare (${Object.keys(operation.operation.responses).join(', ')})`);
    const bytes = Buffer.byteLength(answer.text);
    if (bytes > MAX_ANSWER_BYTES && !BOUNDED_BY_CODE.has(operation.operationId)) problems.push(`answered ${bytes} bytes (over ${MAX_ANSWER_BYTES})`);
    if (!answer.headers.get('content-language')) problems.push('no Content-Language');
    if (!/(^|,)\s*accept-language\s*(,|$)/i.test(answer.headers.get('vary') ?? '')) problems.push('no Vary: Accept-Language');
    if (!declared) return problems;
    // A HEAD answer has the headers of the GET it stands for, never a body (RFC 9110, 9.3.2).
    if (operation.method === 'head') {
      if (answer.text !== '') problems.push(`answered a body (${answer.text.slice(0, 80)}) to a HEAD`);
      return problems;
    }

    const contentType = answer.headers.get('content-type') ?? '';
    const declaredTypes = Object.keys(declared.content ?? {});
    if (declaredTypes.length === 0) {
      if (answer.text !== '') problems.push(`answered a body (${answer.text.slice(0, 80)}) where the document declares none`);
      return problems;
    }
    const declaredType = declaredTypes.find((type) => contentType.toLowerCase().startsWith(type));
    if (!declaredType) {
      problems.push(`answered ${contentType || 'no content type'} where the document declares ${declaredTypes.join(', ')}`);
      return problems;
    }
    if (declaredType !== 'application/json') return problems;
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      problems.push(`answered a body that is not JSON: ${answer.text.slice(0, 80)}`);
      return problems;
    }
    const validate = this.validatorFor(operation, status);
    if (validate && !validate(body)) {
      const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword} (${e.schemaPath})`);
      problems.push(`body does not match the declared ${status} schema: ${errors.join('; ')}`);
    }
    return problems;
  }
}

export interface RawRequest {
  method: string;
  /** After /api, query string included. */
  path: string;
  token?: string | null;
  module?: string | null;
  /** JSON-encoded unless a string or bytes (sent as is). */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RawAnswer extends Answer {
  /** The body parsed as JSON, or the text when it is not JSON. */
  body: any;
  ms: number;
}

/** One request as a client would send it, answered with its status, headers, text and parsed body. */
export async function sendRequest(baseUrl: string, request: RawRequest): Promise<RawAnswer> {
  const hasBody = request.body !== undefined;
  let payload: string | Uint8Array<ArrayBuffer> | undefined;
  if (typeof request.body === 'string') payload = request.body;
  else if (request.body instanceof Uint8Array) payload = new Uint8Array(request.body);
  else if (hasBody) payload = JSON.stringify(request.body);
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api${request.path}`, {
    method: request.method.toUpperCase(),
    headers: {
      ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
      ...(request.token ? { Authorization: `Bearer ${request.token}` } : {}),
      ...(request.module ? { 'X-Module': request.module } : {}),
      ...request.headers,
    },
    ...(payload === undefined ? {} : { body: payload }),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (CSV…)
  }
  return { status: response.status, headers: response.headers, text, body, ms: performance.now() - started };
}
