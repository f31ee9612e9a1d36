/**
 * The API holds under bad input, tested the way the problems were found: a
 * fuzz test driven by GET /api/openapi.json. For every operation, fast-check
 * builds requests from the document (path parameters: demo ids of the right
 * kind, random UUIDs, junk; query: each declared parameter with valid,
 * boundary and wrong values, deepObject forms, unknown parameters; body:
 * valid-looking objects from the schema and real valid bodies, then missing,
 * extra and wrongly typed fields, huge strings, deep nesting, non-JSON,
 * other content types and encodings; headers: X-Module, Idempotency-Key,
 * If-Match, Accept-Language) and sends them as nobody, as a storefront
 * visitor, as a store seller and as the super admin.
 *
 * It fails on any 5xx, on any status the answering operation does not
 * declare, on an answer over MAX_ANSWER_BYTES, on an answer without
 * Content-Language and Vary: Accept-Language, and on a body that does not
 * validate against the schema the document declares for its status (so
 * every 2xx the fuzzing reaches is held against its view too).
 *
 * The seed is fixed and printed (FUZZ_SEED overrides it, FUZZ_RUNS the runs
 * per operation). Commands may succeed and change data: the platform is a
 * throwaway one.
 */
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { bestResponses, creationBody, customer, PARIS } from '../support/buyback-fixtures.js';
import { createStoreBuyback, createWebBuyback, proposalTokenFromMail, receivedBuyback } from '../support/api-helpers.js';
import { ContractChecker, operationsOf, sendRequest, type OpenApiDocument, type Operation, type RawAnswer, type RawRequest } from '../support/openapi.js';
import { RouteTable } from '../../infrastructure/http/route-table.js';
import { DEMO_IDS, DEMO_PASSWORD } from '../../infrastructure/seed/demo-data.js';
import { luhnCheckDigit } from '../../domain/values/imei.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 20);
/** FUZZ_ONLY=<operationId> fuzzes that operation alone, and prints every request and answer. */
const ONLY = process.env.FUZZ_ONLY;

type Schema = Record<string, any>;
type Role = 'nobody' | 'visitor' | 'seller' | 'admin' | 'forged token';
const ROLES: Role[] = ['nobody', 'visitor', 'seller', 'admin', 'forged token'];

/** What the fuzzer knows of the platform's data, to send ids and values of the right kind. */
interface Known {
  products: string[];
  buybacks: string[];
  carts: string[];
  stores: string[];
  accounts: string[];
  identificationNumbers: string[];
  proposalTokens: string[];
  /** Every id the fuzzer knows, for a uuid nothing else tells about. */
  uuids: string[];
  questions: string[];
  answers: string[];
  circuits: string[];
  shippingMethods: string[];
  paymentModes: string[];
  emails: string[];
  /** Valid IMEIs of the demo products' TAC codes. */
  imeis: string[];
  projections: string[];
  /** Logistics: packages (one holding a buyback), transports, dispatch rules, warehouses. */
  packages: string[];
  transports: string[];
  rules: string[];
  warehouses: string[];
  /** Real, valid bodies per operationId, to mutate as well as send. */
  bodies: Record<string, unknown[]>;
}

let t: TestPlatform;
let clients: Record<Exclude<Role, 'nobody' | 'forged token'>, ApiClient>;
let document: OpenApiDocument;
let operations: Operation[];
let checker: ContractChecker;
let table: RouteTable<{ method: string; path: string; operation: Operation }>;
let known: Known;

beforeAll(async () => {
  t = await startTestPlatform();
  const [seller, admin, visitor, warehouse] = await Promise.all([
    t.login('seller@demo.test'),
    t.login('admin@demo.test'),
    t.anonymous(),
    t.login('warehouse@demo.test', 'rps'),
  ]);
  clients = { seller, admin, visitor };
  const answer = await t.api.get('/openapi.json');
  document = answer.body as OpenApiDocument;
  operations = operationsOf(document);
  checker = new ContractChecker(document);
  table = new RouteTable(operations.map((operation) => ({ method: operation.method, path: operation.path.replace(/^\/api/, ''), operation })));
  known = await gatherKnown(seller, warehouse, visitor, admin);
  console.log(`openapi fuzz: seed ${SEED} (FUZZ_SEED), ${RUNS_PER_OPERATION} runs per operation (FUZZ_RUNS), ${operations.length} operations${ONLY ? `, only ${ONLY} (FUZZ_ONLY)` : ''}`);
});
afterAll(async () => {
  await t?.close();
});

/** A few buybacks in different states, a proposal's secret, and the ids of the catalogue's options and questions. */
async function gatherKnown(seller: ApiClient, warehouse: ApiClient, visitor: ApiClient, admin: ApiClient): Promise<Known> {
  const store = await createStoreBuyback(seller, PARIS, { paymentType: 'bank_transfer' });
  const web = await createWebBuyback(visitor, seller, { circuitType: 'web_drop', paymentType: 'bank_transfer' });
  const email = 'fuzz.proposal@example.com';
  const inProcessing = await receivedBuyback(seller, warehouse, PARIS, { paymentType: 'bank_transfer', customer: { email } });
  await warehouse.post(`/buybacks/${inProcessing.id}/propose-new-price`, { proposedPriceInCents: inProcessing.declaredPriceInCents - 1_000, reason: 'Rayure' });
  const proposalToken = proposalTokenFromMail(t.mailer, email).token;
  const product = DEMO_IDS.products.iphone15_128;
  const options = (await seller.get(`/products/${product}/buyback-options?channel=store`)).body;
  const questions = (await seller.get(`/products/${product}/diagnostic-questions`)).body.items as Array<{ id: string; answers: Array<{ id: string }> }>;
  const storeBody = await creationBody(seller, { paymentType: 'bank_transfer' });
  const webBody = await creationBody(visitor, { channel: 'web' });
  const responses = await bestResponses(seller, product);
  // Two more in processing, for the commands that need a received device.
  const more = await Promise.all([0, 1].map(() => receivedBuyback(seller, warehouse, PARIS, { paymentType: 'bank_transfer' })));
  const buybacks = [store.id, web.id, inProcessing.id, ...more.map((b) => b.id)];
  const tacs = ((await seller.get(`/products/${product}`)).body.tacCodes as string[]).slice(0, 2);
  const { customer: _customer, ...declaration } = webBody;
  const cart = await visitor.post('/carts', { buybacks: [declaration] });
  const products = Object.values(DEMO_IDS.products);
  const stores = Object.values(DEMO_IDS.stores);
  const accounts = Object.values(DEMO_IDS.accounts);
  const circuits = (options.circuits as Array<{ id: string }>).map((c) => c.id);
  const shippingMethods = (options.shippingMethods as Array<{ id: string }>).map((s) => s.id);
  const paymentModes = (options.paymentModes as Array<{ id: string }>).map((p) => p.id);
  const projectionParameter = operations.find((o) => o.operationId === 'rebuildProjection')?.operation.parameters.find((p) => p.name === 'name');
  // Logistics: a package holding a buyback, an empty one, the web customer's transport (if already requested), the tenant's rules.
  const warehouses = Object.values(DEMO_IDS.warehouses);
  const packed = await createStoreBuyback(seller, PARIS, { paymentType: 'bank_transfer' });
  const packages: string[] = [];
  for (let n = 0; n < 2; n++) {
    const opened = await seller.post('/packages', { warehouseId: DEMO_IDS.warehouses.demo, labelMode: 'with_label' });
    if (opened.status === 201) packages.push(opened.body.id as string);
  }
  if (packages[0]) await seller.post(`/packages/${packages[0]}/items`, { code: packed.identificationNumber });
  const transports = ((await admin.get('/transports?itemsPerPage=20')).body?.items ?? []).map((row: { id: string }) => row.id) as string[];
  const rules = ((await admin.get(`/warehouse-dispatch-rules?accountId=${DEMO_IDS.accounts.demo}`)).body?.items ?? []).map((row: { id: string }) => row.id) as string[];
  return {
    products,
    buybacks,
    carts: cart.status === 201 ? [cart.body.cartId as string] : [],
    stores,
    accounts,
    identificationNumbers: [store.identificationNumber, web.identificationNumber, inProcessing.identificationNumber, ...more.map((b) => b.identificationNumber)],
    proposalTokens: [proposalToken],
    questions: questions.map((q) => q.id),
    answers: questions.flatMap((q) => q.answers.map((a) => a.id)),
    circuits,
    shippingMethods,
    paymentModes,
    emails: ['seller@demo.test', 'admin@demo.test', email, customer().email],
    imeis: tacs.map((tac) => `${tac}123456${luhnCheckDigit(`${tac}123456`)}`),
    projections: (projectionParameter?.schema.enum as string[] | undefined) ?? [],
    packages,
    transports,
    rules,
    warehouses,
    uuids: [...buybacks, packed.id, ...products, ...stores, ...accounts, ...circuits, ...shippingMethods, ...paymentModes, ...packages, ...transports, ...rules, ...warehouses],
    bodies: {
      createStoreBuyback: [storeBody],
      createWebBuyback: [webBody],
      createCart: [{ buybacks: [declaration] }, { buybacks: [declaration, declaration], customer: customer() }],
      checkOutCart: [{ customer: customer() }],
      estimate: [{ productId: product, responses }],
      login: [{ email: 'seller@demo.test', password: DEMO_PASSWORD }],
      acceptPriceProposal: [{ token: proposalToken }],
      rejectPriceProposal: [{ token: proposalToken }],
      forgetCustomer: [{ email: 'nobody.known@example.com' }],
      anonymousToken: [{}, { accountId: DEMO_IDS.accounts.demo }],
      shipBuyback: [{ trackingNumber: 'COLIS-1', trackingLink: 'https://track.example/1' }],
      cancelBuyback: [{ reason: 'other', comment: 'fuzz' }],
      proposeNewPrice: [{ proposedPriceInCents: 100, reason: 'Rayure' }],
      absorbPriceDeviation: [{ controlledPriceInCents: inProcessing.declaredPriceInCents - 500 }],
      completeBuybackByPrice: [{ controlledPriceInCents: inProcessing.declaredPriceInCents }],
      openPackage: [{ warehouseId: DEMO_IDS.warehouses.demo, labelMode: 'with_label' }, { warehouseId: DEMO_IDS.warehouses.demoLyon, labelMode: 'without_label', storeId: PARIS }],
      addBuybackToPackage: [{ code: store.identificationNumber }, { code: packed.identificationNumber }],
      createDispatchRule: [
        { title: 'Consoles', conditions: [{ attribute: 'category', operator: 'in', values: [DEMO_IDS.categories.consoles] }], warehouseIds: [DEMO_IDS.warehouses.demoLyon], nearest: false },
      ],
      updateDispatchRule: [
        { title: 'Apple', conditions: [{ attribute: 'brand', operator: 'not_in', values: ['Apple'] }], warehouseIds: warehouses.slice(0, 2), nearest: true, position: 0 },
      ],
      reorderDispatchRules: [{ ruleIds: rules }],
      setDefaultWarehouse: [{ defaultWarehouseId: DEMO_IDS.warehouses.demo }, { defaultWarehouseId: null }],
    },
  };
}

// ---------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------

const JUNK_STRINGS = [
  '',
  ' ',
  'null',
  'undefined',
  '-1',
  '0',
  '1e400',
  '-1e400',
  'NaN',
  'Infinity',
  '0x10',
  '1.5',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  "'; DROP TABLE events; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '😀',
  'é'.repeat(300),
  'x'.repeat(2_000),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-4fff-bfff-ffffffffffff',
];
const junk = fc.oneof(fc.constantFrom(...JUNK_STRINGS), fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }));

function resolve(schema: Schema | undefined): Schema {
  let current = schema ?? {};
  for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops++) {
    const name = current.$ref.replace('#/components/schemas/', '');
    current = (document.components.schemas[name] as Schema | undefined) ?? {};
  }
  return current;
}

/** The values the fuzzer knows for a field of this name, if any. */
function hintFor(name: string | undefined): fc.Arbitrary<unknown> | null {
  const pool: Partial<Record<string, string[]>> = {
    productId: known.products,
    questionId: known.questions,
    circuitId: known.circuits,
    shippingMethodId: known.shippingMethods,
    paymentModeId: known.paymentModes,
    accountId: known.accounts,
    storeId: known.stores,
    categoryId: Object.values(DEMO_IDS.categories),
    email: known.emails,
    token: known.proposalTokens,
    identificationNumber: known.identificationNumbers,
    name: known.projections,
    imei: known.imeis,
    warehouseId: known.warehouses,
    defaultWarehouseId: known.warehouses,
    code: known.identificationNumbers,
  };
  if (name === 'warehouseIds') return fc.subarray(known.warehouses, { minLength: 1, maxLength: 2 });
  if (name === 'ruleIds') return fc.constant(known.rules);
  if (name === 'answerIds') return fc.subarray(known.answers, { minLength: 1, maxLength: 2 });
  if (name === 'customer') return fc.constant(customer());
  const values = name ? pool[name] : undefined;
  return values && values.length > 0 ? fc.constantFrom(...values) : null;
}

/** A value that the schema accepts, most of the time (formats and patterns are approximated). */
function valid(schema: Schema | undefined, name?: string, depth = 0): fc.Arbitrary<unknown> {
  const node = resolve(schema);
  const hint = hintFor(name);
  const generic = validBySchema(node, depth);
  return hint ? fc.oneof({ arbitrary: hint, weight: 3 }, { arbitrary: generic, weight: 1 }) : generic;
}

function validBySchema(node: Schema, depth: number): fc.Arbitrary<unknown> {
  if (Array.isArray(node.enum)) return fc.constantFrom(...(node.enum as unknown[]));
  if ('const' in node) return fc.constant(node.const);
  const branches = (node.anyOf ?? node.oneOf) as Schema[] | undefined;
  if (branches) return fc.oneof(...branches.map((branch) => valid(branch, undefined, depth)));
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  switch (type) {
    case 'string': {
      const max = Math.min(node.maxLength ?? 40, 60);
      const min = Math.min(node.minLength ?? 0, max);
      if (node.format === 'uuid') return fc.oneof(fc.constantFrom(...known.uuids), fc.uuid());
      if (node.format === 'date-time') return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
      if (node.format === 'email') return fc.oneof(fc.constantFrom(...known.emails), fc.emailAddress());
      if (node.format === 'uri') return fc.webUrl();
      if (typeof node.pattern === 'string') return fc.stringMatching(new RegExp(node.pattern)).map((s) => s.slice(0, node.maxLength ?? 60));
      return fc.oneof(fc.string({ minLength: min, maxLength: max }), fc.constant('x'.repeat(node.maxLength ?? 10)));
    }
    case 'integer': {
      const min = node.minimum ?? -1_000_000;
      const max = node.maximum ?? 1_000_000;
      return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
    }
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: node.minimum ?? -1e9, max: node.maximum ?? 1e9 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      if (depth > 6) return fc.constant([]);
      return fc.array(valid(node.items, undefined, depth + 1), { minLength: node.minItems ?? 0, maxLength: Math.min(node.maxItems ?? 4, 4) });
    case 'object': {
      if (depth > 6) return fc.constant({});
      const properties = (node.properties ?? {}) as Record<string, Schema>;
      const entries = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, valid(property, key, depth + 1)]));
      return fc.record(entries, { requiredKeys: (node.required ?? []) as string[] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value of a type other than the schema's, or out of its bounds. */
function wrong(schema: Schema | undefined): fc.Arbitrary<unknown> {
  const node = resolve(schema);
  const bounds: unknown[] = [];
  if (typeof node.maxLength === 'number') bounds.push('x'.repeat(node.maxLength + 1));
  if (typeof node.minLength === 'number' && node.minLength > 0) bounds.push('x'.repeat(node.minLength - 1));
  if (typeof node.maximum === 'number') bounds.push(node.maximum + 1, Number.MAX_SAFE_INTEGER, 1e300);
  if (typeof node.minimum === 'number') bounds.push(node.minimum - 1, -1e300);
  if (typeof node.maxItems === 'number') bounds.push(Array.from({ length: node.maxItems + 1 }, () => 'x'));
  return fc.oneof(
    fc.constantFrom<unknown>(42, -1, 1.5, 'text', '', true, null, [], {}, [null], { a: 1 }, ...bounds),
    fc.jsonValue({ maxDepth: 3 }),
    junk,
  );
}

// ---------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------

type Pair = [string, string];
const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A path parameter: a demo id of the right kind, or (faulty) a random UUID, another kind's id, junk. */
function pathValue(operation: Operation, name: string, schema: Schema, faulty: boolean): fc.Arbitrary<string> {
  const idPool = operation.path.includes('/products/')
    ? known.products
    : operation.path.includes('/packages/')
      ? known.packages
      : operation.path.includes('/transports/')
        ? known.transports
        : operation.path.includes('/warehouse-dispatch-rules/')
          ? known.rules
          : known.buybacks;
  const pools: Record<string, string[]> = {
    id: idPool,
    buybackId: known.buybacks,
    cartId: known.carts,
    storeId: known.stores,
    identificationNumber: known.identificationNumbers,
    name: known.projections,
  };
  const own = pools[name] ?? [];
  const right = own.length ? fc.constantFrom(...own) : valid(schema).map(String);
  if (!faulty) return right;
  return fc.oneof(fc.uuid(), junk, fc.constantFrom(...known.uuids), wrong(schema).map(text));
}

/** A parameter's pairs as a client sends them when it means well: scalars once, arrays as name[]= or repeated, objects as name[key]= (deepObject). */
function validPairs(parameter: { name: string; schema: Schema }): fc.Arbitrary<Pair[]> {
  const schema = resolve(parameter.schema);
  const name = parameter.name;
  if (schema.type === 'object') {
    const keys = (schema.propertyNames?.enum as string[] | undefined) ?? Object.keys(schema.properties ?? {});
    const valueOf = (key: string) => valid((schema.properties?.[key] as Schema | undefined) ?? { type: 'string', enum: ['asc', 'desc'] });
    return fc
      .subarray(keys, { minLength: 1, maxLength: Math.min(keys.length, schema.maxProperties ?? 3) })
      .chain((chosen) => fc.tuple(...chosen.map((key) => valueOf(key).map((v): Pair => [`${name}[${key}]`, text(v)]))));
  }
  if (schema.type === 'array') {
    return fc.tuple(fc.array(valid(schema.items), { minLength: 1, maxLength: 3 }), fc.boolean()).map(([items, brackets]) => items.map((v): Pair => [brackets ? `${name}[]` : name, text(v)]));
  }
  return valid(schema, name).map((v): Pair[] => [[name, text(v)]]);
}

/** One thing wrong with a parameter: a wrong or out-of-bounds value, another form, too many items, deep nesting, a repetition. */
function faultyPairs(parameter: { name: string; schema: Schema }): fc.Arbitrary<Pair[]> {
  const schema = resolve(parameter.schema);
  const name = parameter.name;
  const common: Array<fc.Arbitrary<Pair[]>> = [
    fc.constant<Pair[]>([[`${name}[a][b][c][d][e][f][g]`, '1']]),
    junk.map((v): Pair[] => [[`${name}[${v}]`, v]]),
    fc.tuple(validPairs(parameter), junk).map(([pairs, v]): Pair[] => [...pairs, [name, v]]),
  ];
  if (schema.type === 'object') {
    const keys = (schema.propertyNames?.enum as string[] | undefined) ?? Object.keys(schema.properties ?? {});
    return fc.oneof(
      ...common,
      junk.map((v): Pair[] => [[name, v]]),
      fc.tuple(fc.constantFrom(...keys), junk).map(([key, v]): Pair[] => [[`${name}[${key}]`, v]]),
      fc.tuple(fc.constantFrom(...keys), wrong((schema.properties?.[keys[0] ?? ''] as Schema | undefined) ?? {})).map(([key, v]): Pair[] => [[`${name}[${key}]`, text(v)]]),
      fc.constant(keys.map((key): Pair => [`${name}[${key}]`, 'asc']).concat([[`${name}[extra]`, 'asc']])),
    );
  }
  if (schema.type === 'array') {
    return fc.oneof(
      ...common,
      fc.constant(Array.from({ length: (schema.maxItems ?? 20) + 1 }, (_, i): Pair => [`${name}[]`, text(known.uuids[i % known.uuids.length])])),
      fc.constant(Array.from({ length: 25 }, (_, i): Pair => [`${name}[${i}]`, 'x'])),
      wrong(schema.items).map((v): Pair[] => [[`${name}[]`, text(v)]]),
    );
  }
  return fc.oneof(...common, wrong(schema).map((v): Pair[] => [[name, text(v)]]), fc.constant<Pair[]>([[`${name}[]`, '1'], [`${name}[]`, '2']]));
}

const UNKNOWN_PARAMETERS = ['zzz', 'unknown', '__proto__[polluted]', 'constructor[prototype][x]', 'a[b][c][d][e][f][g][h]', 'x'.repeat(500), 'page[', ']'];

function queryString(operation: Operation, faulty: boolean): fc.Arbitrary<string> {
  const declared = operation.operation.parameters.filter((p) => p.in === 'query');
  const wellMeant = fc.tuple(...declared.map((p) => fc.option(validPairs(p), { nil: undefined, freq: 2 }))).map((all) => all.flatMap((pairs) => pairs ?? []));
  const fault: fc.Arbitrary<Pair[]> = fc.oneof(
    ...declared.map((p) => faultyPairs(p)),
    fc.tuple(fc.constantFrom(...UNKNOWN_PARAMETERS), junk).map(([k, v]): Pair[] => [[k, v]]),
    fc.tuple(fc.string({ minLength: 1, maxLength: 10 }), fc.string({ maxLength: 10 })).map((pair): Pair[] => [pair]),
  );
  return fc.tuple(wellMeant, faulty ? fault : fc.constant<Pair[]>([])).map(([pairs, extra]) => {
    const all = [...pairs, ...extra];
    const encode = (key: string) => encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']');
    return all.length ? `?${all.map(([k, v]) => `${encode(k)}=${encodeURIComponent(v)}`).join('&')}` : '';
  });
}

interface Body {
  body?: unknown;
  headers?: Record<string, string>;
  label: string;
}

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** A body and the headers that go with it: a real or schema-valid one, or (faulty) a mutated one or one that is not JSON at all. */
function bodyFor(operation: Operation, faulty: boolean): fc.Arbitrary<Body> {
  // fetch sends no body with GET (nor would a browser).
  if (operation.method === 'get' || operation.method === 'head') return fc.constant<Body>({ label: 'no body' });
  const schema = operation.operation.requestBody?.content['application/json']?.schema;
  const raw = fc.constantFrom<Body>(...rawBodies());
  if (!schema) {
    // No body declared: none, or {}; faulty: anything.
    return faulty ? raw : fc.constantFrom<Body>({ label: 'no body' }, { body: {}, label: '{}' });
  }
  const seeds = known.bodies[operation.operationId] ?? [];
  const base = fc.oneof(...(seeds.length ? [{ arbitrary: fc.constantFrom(...seeds), weight: 2 }] : []), { arbitrary: valid(schema), weight: 2 });
  if (!faulty) {
    return fc.oneof(
      { arbitrary: base.map((body): Body => ({ body, label: 'valid-looking' })), weight: 6 },
      {
        arbitrary: base.map((value): Body => ({ body: new Uint8Array(gzipSync(Buffer.from(JSON.stringify(value)))), headers: { 'Content-Encoding': 'gzip' }, label: 'gzip' })),
        weight: 1,
      },
    );
  }
  const properties = Object.keys(resolve(schema).properties ?? {});
  const mutated = fc.tuple(base, fc.constantFrom(...(properties.length ? properties : ['field'])), fc.nat()).chain(([value, key, n]) => {
    const object = value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
    const property = resolve(schema).properties?.[key] as Schema | undefined;
    return fc.oneof(
      fc.constant({ body: (({ [key]: _dropped, ...rest }) => rest)(object), label: `without ${key}` }),
      fc.tuple(fc.string({ maxLength: 20 }), fc.jsonValue({ maxDepth: 2 })).map(([extra, v]) => ({ body: { ...object, [extra || 'extra']: v }, label: 'an extra field' })),
      wrong(property).map((v) => ({ body: { ...object, [key]: v }, label: `${key} wrong` })),
      fc.constantFrom(1_001, 100_000, 900_000).map((length) => ({ body: { ...object, [key]: 'é'.repeat(length) }, label: `${key} of ${length} characters` })),
      fc.constant({ body: { ...object, [key]: nested(500 + (n % 500)) }, label: `${key} nested 500+ deep` }),
      fc.constant({ body: { ...object, [key]: Array.from({ length: 5_000 }, (_, i) => i) }, label: `${key} with 5,000 items` }),
    );
  });
  return fc.oneof({ arbitrary: mutated, weight: 3 }, { arbitrary: raw, weight: 2 }, { arbitrary: fc.constant<Body>({ label: 'no body' }), weight: 1 });
}

let raw: Body[] | null = null;
/** Bodies that are not what any route reads: not JSON, too large, in another type or encoding (built once). */
function rawBodies(): Body[] {
  raw ??= [
    { body: '', label: 'empty' },
    { body: '{', label: 'truncated JSON' },
    { body: '{"a":1,}', label: 'trailing comma' },
    { body: "{'a':1}", label: 'single quotes' },
    { body: 'null', label: 'null' },
    { body: '[]', label: 'an array' },
    { body: '"text"', label: 'a string' },
    { body: '42', label: 'a number' },
    { body: '\uFEFF{}', label: 'a BOM' },
    { body: new Uint8Array([0xff, 0xfe, 0x7b, 0x7d]), label: 'invalid UTF-8' },
    { body: '['.repeat(20_000), label: '20,000 open brackets' },
    { body: `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`, label: 'nested 5,000 deep' },
    { body: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}', label: 'prototype pollution' },
    { body: 'x'.repeat(1_100_000), label: 'over 1 MB' },
    { body: '{}', headers: { 'Content-Type': 'text/plain' }, label: 'text/plain' },
    { body: 'a=1&b=2', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, label: 'a form' },
    { body: '{}', headers: { 'Content-Type': 'application/json; charset=x-unknown' }, label: 'an unknown charset' },
    { body: '{}', headers: { 'Content-Type': 'application/json; charset=utf-16' }, label: 'utf-16' },
    { body: '{}', headers: { 'Content-Encoding': 'br' }, label: 'br' },
    { body: '{}', headers: { 'Content-Encoding': 'gzip' }, label: 'gzip that is not' },
    { body: new Uint8Array(gzipSync(Buffer.from(`{"padding":"${' '.repeat(5_000_000)}"}`))), headers: { 'Content-Encoding': 'gzip' }, label: 'a gzip bomb' },
  ];
  return raw;
}

/** The headers a client may send (whether the operation reads them or not): absent or well-formed, or (faulty) one of them junk. */
function headersFor(faulty: boolean): fc.Arbitrary<Record<string, string>> {
  const ascii = (max: number) => fc.string({ unit: 'grapheme-ascii', maxLength: max });
  const good = {
    'Accept-Language': fc.constantFrom('fr-FR', 'en-GB', 'nl-BE', 'de-DE', 'en', 'de;q=0.5, nl', '*'),
    'Idempotency-Key': fc.oneof(fc.constantFrom('fuzz-key-1', 'fuzz-key-2'), fc.uuid()),
    'X-Correlation-Id': fc.uuid(),
  };
  const wellMeant = fc.record(good, { requiredKeys: [] }).map((h) => h as Record<string, string>);
  if (!faulty) return wellMeant;
  const bad: fc.Arbitrary<Record<string, string>> = fc.oneof(
    fc.oneof(fc.constantFrom('xx-YY', 'en;q=abc', 'fr-FR;q=2'), ascii(600)).map((v) => ({ 'Accept-Language': v })),
    fc.oneof(fc.constantFrom('root', 'tim', 'lcm', 'rps'), ascii(30)).map((v) => ({ 'X-Module': v })),
    fc.oneof(ascii(300), fc.constant('x'.repeat(256))).map((v) => ({ 'Idempotency-Key': v.trim() || 'x y' })),
    fc.oneof(fc.nat({ max: 5 }).map((n) => `W/"${n}"`), fc.constantFrom('*', '"999999999999999999"', 'W/"-1"'), ascii(100)).map((v) => ({ 'If-Match': v })),
    fc.oneof(ascii(300), fc.constant('y'.repeat(256))).map((v) => ({ 'X-Correlation-Id': v.trim() || 'a b' })),
    fc.constantFrom('Basic dXNlcjpwYXNz', 'Bearer', 'Bearer ', `Bearer ${'t'.repeat(600)}`, 'bearer x y').map((v) => ({ Authorization: v })),
  );
  return fc.tuple(wellMeant, bad).map(([a, b]) => ({ ...a, ...b }));
}

interface FuzzRequest {
  role: Role;
  fault: Fault;
  request: RawRequest;
  label: string;
}

/** What a request gets wrong: nothing (about a third of them), or one part. */
type Fault = 'none' | 'path' | 'query' | 'body' | 'headers';

function requestFor(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const pathParameters = operation.operation.parameters.filter((p) => p.in === 'path');
  const template = operation.path.replace(/^\/api/, '');
  const faults: Fault[] = ['none', 'none', 'query', 'headers', ...(pathParameters.length ? (['path'] as const) : []), ...(operation.method === 'get' ? [] : (['body', 'body'] as const))];
  return fc.constantFrom(...faults).chain((fault) =>
    fc
      .tuple(
        fc.constantFrom(...ROLES),
        fc.tuple(...pathParameters.map((p) => pathValue(operation, p.name, p.schema, fault === 'path'))),
        queryString(operation, fault === 'query'),
        bodyFor(operation, fault === 'body'),
        headersFor(fault === 'headers'),
      )
      .map(([role, values, query, body, headers]) => {
        const path = pathParameters.reduce((result, parameter, index) => result.replace(`{${parameter.name}}`, encodeURIComponent(values[index] as string)), template);
        return {
          role,
          fault,
          label: body.label,
          request: { method: operation.method, path: `${path}${query}`, ...(body.body === undefined ? {} : { body: body.body }), headers: { ...headers, ...body.headers } },
        };
      }),
  );
}

/** The role's token; logging out uses a session of its own, so the fuzzer's sessions live on. */
async function tokenOf(role: Role, operation: Operation): Promise<string | null> {
  if (role === 'nobody') return null;
  if (role === 'forged token') return 'forged-token-that-no-session-has';
  if (operation.operationId === 'logout') {
    if (role === 'visitor') return (await t.api.post('/anonymous-token', {})).body?.token ?? null;
    return (await t.api.post('/login', { email: role === 'admin' ? 'admin@demo.test' : 'seller@demo.test', password: DEMO_PASSWORD })).body?.token ?? null;
  }
  return clients[role].token;
}

// ---------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------

interface Failure {
  operationId: string;
  problem: string;
  example: string;
}

function describeRequest(fuzz: FuzzRequest, answer: RawAnswer): string {
  const headers = Object.entries(fuzz.request.headers ?? {})
    .map(([name, value]) => `${name}: ${value.slice(0, 40)}`)
    .join(', ');
  const body = fuzz.request.body;
  const shown = body === undefined ? '' : typeof body === 'string' ? body.slice(0, 120) : body instanceof Uint8Array ? `${body.length} bytes` : JSON.stringify(body).slice(0, 200);
  return `as ${fuzz.role}, ${fuzz.fault === 'none' ? 'nothing wrong' : `${fuzz.fault} wrong`}: ${fuzz.request.method.toUpperCase()} ${fuzz.request.path.slice(0, 200)} [body: ${fuzz.label}${shown ? ` ${shown}` : ''}] [${headers}] → ${answer.status} ${answer.text.slice(0, 300)}`;
}

/** What is wrong with the answer: checked against the operation that actually serves the path, or against 404/405 when none does. */
function problemsOf(fuzz: FuzzRequest, answer: RawAnswer): { operationId: string; problems: string[] } {
  const path = fuzz.request.path.split('?')[0] as string;
  const served = table.match(fuzz.request.method, path);
  if (served) return { operationId: served.route.operation.operationId, problems: checker.problems(served.route.operation, answer) };
  const allowed = table.allowedMethods(path);
  const expected = allowed.length > 0 ? 405 : 404;
  // The body is read before the route is looked up: a bad one answers 400, 413 or 415 first.
  const problems = [expected, 400, 413, 415].includes(answer.status) ? [] : [`answered ${answer.status} where no operation serves the path (expected ${expected})`];
  if (!answer.headers.get('content-language')) problems.push('no Content-Language');
  return { operationId: `(no operation: ${fuzz.request.method.toUpperCase()} ${path.slice(0, 80)})`, problems };
}

describe('every operation of the OpenAPI document, fuzzed', () => {
  it('answers only statuses it declares, never a 5xx, never over the size bound, each body as declared', { timeout: 150_000 }, async () => {
    const failures = new Map<string, Failure>();
    let sent = 0;
    let largest = { bytes: 0, operationId: '' };
    const statuses = new Map<string, Set<number>>();
    const took = new Map<string, number>();
    for (const [index, operation] of operations.entries()) {
      if (ONLY && operation.operationId !== ONLY) continue;
      const started = performance.now();
      await fc.assert(
        fc.asyncProperty(requestFor(operation), async (fuzz) => {
          const answer = await sendRequest(t.baseUrl, { ...fuzz.request, token: await tokenOf(fuzz.role, operation) });
          sent++;
          if (ONLY) console.log(`${Math.round(answer.ms)} ms ${describeRequest(fuzz, answer)}`);
          const { operationId, problems } = problemsOf(fuzz, answer);
          const bytes = Buffer.byteLength(answer.text);
          if (bytes > largest.bytes) largest = { bytes, operationId };
          if (!statuses.has(operationId)) statuses.set(operationId, new Set());
          statuses.get(operationId)?.add(answer.status);
          for (const problem of problems) {
            const key = `${operationId} ${problem.slice(0, 120)}`;
            const replay = `FUZZ_SEED=${SEED} FUZZ_ONLY=${operation.operationId}`;
            if (!failures.has(key)) failures.set(key, { operationId, problem, example: `${describeRequest(fuzz, answer)} (replay: ${replay})` });
          }
        }),
        { seed: SEED + index, numRuns: RUNS_PER_OPERATION },
      );
      took.set(operation.operationId, Math.round(performance.now() - started));
    }
    console.log(
      `openapi fuzz: ${sent} requests; the largest answer ${largest.bytes} bytes (${largest.operationId}); statuses per operation:\n${[...statuses]
        .filter(([id]) => !id.startsWith('('))
        .map(([id, seen]) => `  ${id}: ${[...seen].sort().join(' ')}${took.has(id) ? ` (${took.get(id)} ms)` : ''}`)
        .join('\n')}`,
    );
    expect(
      [...failures.values()].map((f) => `${f.operationId}: ${f.problem}\n    e.g. ${f.example}`),
      `seed ${SEED}`,
    ).toEqual([]);
  });
});
