/**
 * The OpenAPI document and the API agree on every bound. The limits are read
 * from GET /api/openapi.json (maxLength, minLength, maxItems, minItems,
 * maximum, minimum of every operation's parameters, headers and body fields,
 * through $refs, unions and nested objects), and each is sent on both sides,
 * over real HTTP, by a caller the operation lets through:
 *
 * - at the limit, the answer must not refuse that field: no 400 naming it,
 *   no refusal saying a length or count is over (a domain rule stricter than
 *   the document: a dispatch title the schema took to 1,020 characters and
 *   the rule refused at 256), nothing the query parser turns into something
 *   else (Express's qs makes an object of more than 20 repeated values);
 * - one past it, the answer is 400 VALIDATION_FAILED naming the field (or the
 *   code the pipeline gives that header: HEADER_INVALID, PRECONDITION_FAILED).
 *
 * The rest of each body is a valid one: a real one for the operations whose
 * rules run on real data, else the smallest the schema accepts. A value the
 * test cannot build (a pattern no repeated character matches) is listed and
 * the list is held to what it is now. The 431 that headers over Node's limit
 * get is declared and answered with the documented Error body.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { creationBody } from '../support/buyback-fixtures.js';
import { sendCarrierReport } from '../support/logistics-helpers.js';
import { sendPaymentReport } from '../support/payment-provider-helpers.js';
import { ContractChecker, operationsOf, type OpenApiDocument, type Operation } from '../support/openapi.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';

type Schema = Record<string, any>;
type Step = { prop: string } | { item: true } | { branch: number };
type Bound = 'maxLength' | 'minLength' | 'maxItems' | 'minItems' | 'maximum' | 'minimum';

/** One bound of one value of one operation. */
interface Slot {
  operation: Operation;
  location: 'path' | 'query' | 'header' | 'body';
  /** The parameter (path, query, header), or the body's steps down to the value. */
  name: string;
  steps: Step[];
  schema: Schema;
  bound: Bound;
  limit: number;
}

let t: TestPlatform;
let document: OpenApiDocument;
let operations: Operation[];
/** Who to send each operation as: the first caller the operation lets through. */
let callers: Array<{ label: string; client: ApiClient }>;
const baseBodies: Record<string, unknown> = {};

beforeAll(async () => {
  t = await startTestPlatform();
  const [seller, manager, retailer, admin, visitor] = await Promise.all([
    t.login('seller@demo.test'),
    t.login('warehouse-manager@demo.test', 'rps'),
    t.login('retailer@demo.test', 'root'),
    t.login('admin@demo.test'),
    t.anonymous(),
  ]);
  callers = [
    { label: 'store seller', client: seller },
    { label: 'warehouse manager', client: manager },
    { label: 'retailer root', client: retailer },
    { label: 'super admin', client: admin },
    { label: 'visitor', client: visitor },
    { label: 'nobody', client: t.api },
  ];
  document = (await t.api.get('/openapi.json')).body as OpenApiDocument;
  operations = operationsOf(document);
  // Real bodies for the operations whose rules read real data before they measure a field.
  baseBodies.createStoreBuyback = await creationBody(seller, { paymentType: 'bank_transfer' });
  baseBodies.createStock = { name: `Bornes ${randomUUID().slice(0, 8)}`, identifier: null, location: null };
  baseBodies.createDispatchRule = {
    title: 'Bornes',
    conditions: [{ attribute: 'brand', operator: 'in', values: ['Apple'] }],
    warehouseIds: [DEMO_IDS.warehouses.demo],
    nearest: false,
  };
  baseBodies.createPackage = { warehouseId: DEMO_IDS.warehouses.demo, labelMode: 'without_label' };
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** The schema with its $ref resolved (components.schemas). */
function resolve(schema: Schema): Schema {
  let current = schema;
  for (let hops = 0; typeof current?.$ref === 'string' && hops < 10; hops++) {
    current = document.components.schemas[current.$ref.replace('#/components/schemas/', '')] as Schema;
  }
  return current;
}

const BOUNDS: Bound[] = ['maxLength', 'minLength', 'maxItems', 'minItems', 'maximum', 'minimum'];

/** Every bound in a schema, with the steps that lead to it. */
function boundsOf(raw: Schema, steps: Step[], depth = 0): Array<{ steps: Step[]; schema: Schema; bound: Bound; limit: number }> {
  const schema = resolve(raw);
  if (!schema || typeof schema !== 'object' || depth > 8) return [];
  const found: Array<{ steps: Step[]; schema: Schema; bound: Bound; limit: number }> = [];
  for (const bound of BOUNDS) {
    const limit = schema[bound];
    // A minimum of 0 for a count or a length cannot be undershot; a numeric minimum can.
    if (typeof limit === 'number' && !((bound === 'minLength' || bound === 'minItems') && limit === 0)) found.push({ steps, schema, bound, limit });
  }
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  branches?.forEach((branch, index) => found.push(...boundsOf(branch, [...steps, { branch: index }], depth + 1)));
  for (const [prop, child] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) found.push(...boundsOf(child, [...steps, { prop }], depth + 1));
  if (schema.items && typeof schema.items === 'object') found.push(...boundsOf(schema.items, [...steps, { item: true }], depth + 1));
  return found;
}

function slotsOf(operation: Operation): Slot[] {
  const slots: Slot[] = [];
  for (const parameter of operation.operation.parameters) {
    for (const found of boundsOf(parameter.schema, [])) {
      // Query objects (order[name]=asc) carry enums only; their sub-values are sent as name[prop]=value.
      slots.push({ operation, location: parameter.in, name: parameter.name, ...found });
    }
  }
  const body = operation.operation.requestBody?.content['application/json']?.schema;
  if (body) for (const found of boundsOf(body, [])) slots.push({ operation, location: 'body', name: 'body', ...found });
  return slots;
}

/** A string of `length` characters that the schema's format and pattern accept, or null when the test cannot build one. */
function stringOf(schema: Schema, length: number): string | null {
  if (length < 0) return null;
  switch (schema.format) {
    case 'uuid':
      return length === 36 ? randomUUID() : length > 36 ? `${randomUUID()}${'0'.repeat(length - 36)}` : null;
    case 'email':
      return length >= 14 ? `${'a'.repeat(length - 12)}@example.com` : null;
    case 'date-time':
      // 2026-01-01T00:00:00Z is 20 characters; a fraction of k digits adds k + 1.
      return length === 20 ? '2026-01-01T00:00:00Z' : length >= 22 ? `2026-01-01T00:00:00.${'0'.repeat(length - 21)}Z` : null;
    case 'date':
      return length === 10 ? '2026-01-01' : null;
    case 'uri':
      return length >= 20 ? `https://example.com/${'a'.repeat(length - 20)}` : null;
    default:
      break;
  }
  if (typeof schema.pattern !== 'string') return 'a'.repeat(length);
  const pattern = new RegExp(schema.pattern, 'u');
  // The documented example, when it has the length (a pattern such as an ISO week no repeated character matches).
  if (typeof schema.example === 'string' && schema.example.length === length && pattern.test(schema.example)) return schema.example;
  for (const filler of ['a', '1', 'A', '0', 'x-', ' ']) {
    const candidate = filler.repeat(length).slice(0, length);
    if (pattern.test(candidate)) return candidate;
  }
  return null;
}

/** The smallest value the schema accepts (a real-looking one where a format asks for it). */
function example(raw: Schema, depth = 0): unknown {
  const schema = resolve(raw);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches) {
    const branch = branches.find((b) => resolve(b).type !== 'null') ?? branches[0]!;
    return example(branch, depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((x: string) => x !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      // The shortest string its format and pattern accept.
      for (let length = Math.max(schema.minLength ?? 1, 1); length <= Math.min(schema.maxLength ?? 64, 64); length++) {
        const built = stringOf(schema, length);
        if (built !== null) return built;
      }
      return '';
    }
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : typeof schema.maximum === 'number' ? Math.min(0, schema.maximum) : 0;
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => example(schema.items ?? {}, depth + 1));
    case 'object':
      return Object.fromEntries(((schema.required ?? []) as string[]).map((prop) => [prop, example(schema.properties?.[prop] ?? {}, depth + 1)]));
    default:
      return null;
  }
}

/** The value at the bound (`past`: one beyond it), or null when the test cannot build one. */
function edgeValue(slot: Slot, past: boolean): unknown {
  const { schema, bound, limit } = slot;
  const over = past ? 1 : 0;
  switch (bound) {
    case 'maxLength':
    case 'minLength': {
      // Past the bound the value need not match a pattern too: the one at the bound, a character longer (or shorter).
      const atBound = stringOf(schema, limit);
      if (!past || atBound === null) return atBound;
      const beyond = stringOf(schema, bound === 'maxLength' ? limit + 1 : limit - 1);
      return beyond ?? (bound === 'maxLength' ? `${atBound}${atBound.slice(-1) || 'a'}` : atBound.slice(0, -1));
    }
    case 'maxItems':
    case 'minItems': {
      const count = bound === 'maxItems' ? limit + over : limit - over;
      if (count < 0) return null;
      const items = resolve(schema.items ?? {});
      const values = Array.isArray(items.enum) ? (items.enum as unknown[]) : null;
      return Array.from({ length: count }, (_, i) => (values ? values[i % values.length] : items.format === 'uuid' ? randomUUID() : example(items)));
    }
    case 'maximum':
      return limit + over;
    case 'minimum':
      return limit - over;
  }
}

/** `base` with `value` placed down `steps`, through the schema (unions pick the step's branch; objects get their required fields). */
function placed(rawSchema: Schema, base: unknown, steps: Step[], value: unknown): unknown {
  if (steps.length === 0) return value;
  const schema = resolve(rawSchema);
  const [step, ...rest] = steps as [Step, ...Step[]];
  if ('branch' in step) {
    const branch = (schema.anyOf ?? schema.oneOf)[step.branch] as Schema;
    const fits = base !== null && typeof base === 'object' && resolve(branch).type === 'object' ? base : example(branch);
    return placed(branch, fits, rest, value);
  }
  if ('prop' in step) {
    const object = base !== null && typeof base === 'object' && !Array.isArray(base) ? { ...(base as Record<string, unknown>) } : (example(schema) as Record<string, unknown>);
    const child = schema.properties[step.prop] as Schema;
    object[step.prop] = placed(child, object[step.prop] ?? example(child), rest, value);
    return object;
  }
  const array = Array.isArray(base) && base.length > 0 ? [...base] : [example(schema.items)];
  array[0] = placed(schema.items, array[0], rest, value);
  return array;
}

/** The field as a validation error names it: the body's path, dot-separated (an array's first item is 0), or the parameter. */
function fieldOf(slot: Slot): string {
  if (slot.location !== 'body') return [slot.name, ...slot.steps.filter((s) => 'prop' in s).map((s) => (s as { prop: string }).prop)].join('.');
  return slot.steps.flatMap((s) => ('prop' in s ? [s.prop] : 'item' in s ? ['0'] : [])).join('.') || 'body';
}

/** `name=value` (an array: the name repeated, as the document's form style says; an object's value: `name[prop]=value`). */
function queryString(name: string, value: unknown, steps: Step[]): string {
  const key = [name, ...steps.filter((s) => 'prop' in s).map((s) => `[${(s as { prop: string }).prop}]`)].join('');
  const values = Array.isArray(value) ? value : steps.some((s) => 'item' in s) ? [value] : [value];
  return values.map((v) => `${encodeURIComponent(key)}=${encodeURIComponent(String(v))}`).join('&');
}

/** The request of a slot with its edge value; everything else valid. */
function requestOf(slot: Slot, value: unknown): { path: string; body: unknown; headers: Record<string, string> } {
  const { operation } = slot;
  const pathParameters = operation.operation.parameters.filter((p) => p.in === 'path');
  let path = operation.path.replace(/^\/api/, '');
  for (const parameter of pathParameters) {
    const own = slot.location === 'path' && slot.name === parameter.name;
    const known = PATH_VALUES[operation.operationId]?.[parameter.name];
    path = path.replace(`{${parameter.name}}`, encodeURIComponent(String(own ? value : (known ?? example(parameter.schema)))));
  }
  // The slot's own query parameter at its edge, and every other required one valid.
  const otherQueries = operation.operation.parameters
    .filter((p) => p.in === 'query' && p.required && !(slot.location === 'query' && slot.name === p.name))
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(example(p.schema)))}`);
  const own = slot.location === 'query' ? [queryString(slot.name, value, slot.steps)] : [];
  const query = own.length + otherQueries.length > 0 ? `?${[...own, ...otherQueries].join('&')}` : '';
  const bodySchema = operation.operation.requestBody?.content['application/json']?.schema;
  const base = baseBodies[operation.operationId] ?? (bodySchema ? example(bodySchema) : undefined);
  const body = bodySchema ? (slot.location === 'body' ? placed(bodySchema, base, slot.steps, value) : base) : undefined;
  const headers = slot.location === 'header' ? { [slot.name]: String(value) } : {};
  return { path: `${path}${query}`, body, headers };
}

/** Path parameters naming real things, for the operations whose rules run on them. */
const PATH_VALUES: Record<string, Record<string, string>> = { createStoreBuyback: { storeId: DEMO_IDS.stores.paris } };

type Answer = { status: number; body: any };

async function send(client: ApiClient, slot: Slot, value: unknown): Promise<Answer> {
  const { path, body, headers } = requestOf(slot, value);
  // The carriers' webhook reads a body only once its signature holds: it is sent signed, as a carrier would.
  if (slot.operation.operationId === 'receiveCarrierEvent') return sendCarrierReport(t, JSON.stringify(body));
  if (slot.operation.operationId === 'receivePaymentProviderReport') return sendPaymentReport(t, body);
  return client.request(slot.operation.method.toUpperCase(), path, body, headers);
}

/** Refusals that come before the schema: the caller may not use the operation (or the signature of a signed body is missing). */
const AUTH_REFUSALS = new Set(['AUTH_REQUIRED', 'AUTH_SESSION_EXPIRED', 'ACCESS_DENIED', 'MODULE_NOT_ALLOWED', 'CARRIER_SIGNATURE_INVALID', 'PAYMENT_PROVIDER_SIGNATURE_INVALID']);

/** A refusal that a length, a count or a value is out of bounds (or not what was sent: qs makes an object of many values). */
const BOUND_CODE = /^schema\.(maxLength|minLength|maxItems|minItems|maximum|minimum|type)$|^TEXT_LENGTH$|TOO_(LONG|SHORT|MANY|FEW|LARGE|SMALL|HIGH|LOW)$/;

/** Whether the answer refuses the slot's field for its bound: a 400 naming it, or a rule saying a length or a count is over or under. */
function refusesField(answer: Answer, field: string): boolean {
  const fields = (answer.body?.details?.fields ?? []) as Array<{ field: string; code: string }>;
  const names = (f: { field: string }) => f.field === field || f.field.startsWith(`${field}.`);
  if (answer.status === 400 && answer.body?.code === 'VALIDATION_FAILED') return fields.some((f) => names(f) && BOUND_CODE.test(f.code));
  const code = String(answer.body?.code ?? '');
  return answer.status >= 400 && (BOUND_CODE.test(code) || answer.body?.details?.max !== undefined || answer.body?.details?.min !== undefined);
}

/** One past the bound: a 400 naming the field, whatever the keyword (a format may fail first on a longer uuid); a HEAD answers no body. */
function namesField(answer: Answer, field: string, method: string): boolean {
  if (method === 'head') return answer.status === 400;
  const fields = (answer.body?.details?.fields ?? []) as Array<{ field: string }>;
  return answer.status === 400 && answer.body?.code === 'VALIDATION_FAILED' && fields.some((f) => f.field === field || f.field.startsWith(`${field}.`));
}

/** The codes one past a header's bound gives (the pipeline reads these headers before any schema). */
const HEADER_REFUSALS: Record<string, string[]> = { 'idempotency-key': ['HEADER_INVALID'], 'if-match': ['PRECONDITION_FAILED'] };

describe('the OpenAPI document’s bounds', () => {
  it('every bound of every operation answers as declared, at the limit and one past it', { timeout: 120_000 }, async () => {
    const slots = operations.flatMap(slotsOf);
    expect(slots.length, 'the document declares bounds to check').toBeGreaterThan(100);
    const problems: string[] = [];
    const unbuildable: string[] = [];
    const unreached = new Set<string>();
    const callerOf = new Map<string, ApiClient>();
    let sent = 0;
    for (const slot of slots) {
      const where = `${slot.operation.operationId} ${slot.location} ${fieldOf(slot)} ${slot.bound} ${slot.limit}`;
      const at = edgeValue(slot, false);
      const past = edgeValue(slot, true);
      if (at === null || past === null) {
        unbuildable.push(where);
        continue;
      }
      // The first caller the operation lets through (the same for every slot of it).
      let client = callerOf.get(slot.operation.operationId);
      let atAnswer: Answer | null = null;
      for (const candidate of client ? [{ label: '', client }] : callers) {
        const answer = await send(candidate.client, slot, at);
        sent++;
        if ([401, 403].includes(answer.status) && AUTH_REFUSALS.has(answer.body?.code)) continue;
        client = candidate.client;
        atAnswer = answer;
        break;
      }
      if (!client || !atAnswer) {
        unreached.add(slot.operation.operationId);
        continue;
      }
      callerOf.set(slot.operation.operationId, client);
      if (atAnswer.status >= 500 || refusesField(atAnswer, fieldOf(slot))) {
        problems.push(`${where}: at the limit refused ${atAnswer.status} ${JSON.stringify(atAnswer.body).slice(0, 300)}`);
      }
      const pastAnswer = await send(client, slot, past);
      sent++;
      const headerCodes = slot.location === 'header' ? (HEADER_REFUSALS[slot.name.toLowerCase()] ?? []) : [];
      const refused =
        namesField(pastAnswer, fieldOf(slot), slot.operation.method) ||
        (pastAnswer.status >= 400 && pastAnswer.status < 500 && headerCodes.includes(pastAnswer.body?.code));
      if (!refused) problems.push(`${where}: one past the limit answered ${pastAnswer.status} ${JSON.stringify(pastAnswer.body).slice(0, 300)}`);
    }
    console.log(`openapi bounds: ${slots.length} bounds, ${sent} requests, ${unbuildable.length} values not built, ${unreached.size} operations no caller reaches`);
    expect(problems).toEqual([]);
    // What the test cannot build or reach, held to what it is: a new entry is a bound left unchecked.
    expect(unbuildable).toEqual([]);
    expect([...unreached].sort()).toEqual([]);
  });
});

describe('headers over the server’s limit', () => {
  it('answer 431 with the Error body the document declares for it, translated', async () => {
    const answer = await fetch(`${t.baseUrl}/api/stocks`, { headers: { 'Accept-Language': 'en-GB', 'X-Padding': 'p'.repeat(20_000) } });
    const text = await answer.text();
    expect(answer.status).toBe(431);
    const body = JSON.parse(text);
    expect(body).toMatchObject({ code: 'REQUEST_HEADERS_TOO_LARGE', details: { maxBytes: 16_384 } });
    expect(typeof body.message).toBe('string');
    expect(body.message).not.toBe('REQUEST_HEADERS_TOO_LARGE');
    const checker = new ContractChecker(document);
    for (const operation of operations) {
      expect(operation.operation.responses['431'], `${operation.operationId} declares 431`).toBeDefined();
    }
    const listStocks = operations.find((o) => o.operationId === 'listStocks')!;
    expect(checker.problems(listStocks, { status: answer.status, headers: answer.headers, text })).toEqual([]);
  });
});
