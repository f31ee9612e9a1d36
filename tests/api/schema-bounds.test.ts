/**
 * Every request schema bounds what it accepts, so no request can make the
 * validator or a handler work on unbounded input: each string has a
 * maxLength (unless it is an enum or a const), each array a maxItems, each
 * object either refuses unknown properties or caps their number, and
 * nothing nests deeper than MAX_DEPTH. The walk reads the route table of a
 * running platform (the routes as they serve); each rule is first shown to
 * catch a made-up offender, so the test cannot pass vacuously.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import type { Route } from '../../infrastructure/http/route.js';
import { StringEnum } from '../../infrastructure/http/routes/schemas.js';
import { startTestPlatform, type TestPlatform } from '../support/test-platform.js';

/** How deep a request may nest: the request's object is level 1, each object or array inside one level more. */
const MAX_DEPTH = 6;

type Schema = Record<string, unknown>;

/** Every way a schema breaks the bounds, each as "<where>: <what>". */
function unboundedParts(schema: unknown, where: string, depth = 1): string[] {
  if (schema === true) return [`${where}: accepts anything (true)`];
  if (schema === false || schema === null || typeof schema !== 'object') return [];
  const node = schema as Schema;
  const problems: string[] = [];
  if (typeof node.$ref === 'string') problems.push(`${where}: a $ref (a reference may recurse: the depth cannot be bounded)`);
  for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = node[keyword];
    if (Array.isArray(branches)) branches.forEach((branch, index) => problems.push(...unboundedParts(branch, `${where}/${keyword}/${index}`, depth)));
  }
  if (node.not !== undefined) problems.push(...unboundedParts(node.not, `${where}/not`, depth));
  const types = Array.isArray(node.type) ? (node.type as string[]) : typeof node.type === 'string' ? [node.type] : [];
  const fixed = Array.isArray(node.enum) || 'const' in node;
  const composite = ['anyOf', 'oneOf', 'allOf', '$ref', 'not'].some((keyword) => keyword in node);
  if (types.length === 0 && !fixed && !composite) problems.push(`${where}: no type (accepts any value)`);

  if (types.includes('string') && !fixed && typeof node.maxLength !== 'number') problems.push(`${where}: a string with no maxLength`);
  if (types.includes('array') || 'items' in node) {
    if (depth > MAX_DEPTH) problems.push(`${where}: nested deeper than ${MAX_DEPTH}`);
    if (typeof node.maxItems !== 'number') problems.push(`${where}: an array with no maxItems`);
    if (node.items === undefined && node.prefixItems === undefined) problems.push(`${where}: an array whose items have no schema`);
    if (node.items !== undefined) problems.push(...unboundedParts(node.items, `${where}/items`, depth + 1));
    if (Array.isArray(node.prefixItems)) {
      node.prefixItems.forEach((item, index) => problems.push(...unboundedParts(item, `${where}/prefixItems/${index}`, depth + 1)));
    }
  }
  if (types.includes('object') || 'properties' in node || 'patternProperties' in node) {
    if (depth > MAX_DEPTH) problems.push(`${where}: nested deeper than ${MAX_DEPTH}`);
    if (node.additionalProperties !== false && typeof node.maxProperties !== 'number') {
      problems.push(`${where}: an object that takes any property (neither additionalProperties: false nor maxProperties)`);
    }
    for (const [name, property] of Object.entries((node.properties ?? {}) as Record<string, unknown>)) {
      problems.push(...unboundedParts(property, `${where}.${name}`, depth + 1));
    }
    for (const [pattern, property] of Object.entries((node.patternProperties ?? {}) as Record<string, unknown>)) {
      problems.push(...unboundedParts(property, `${where}[${pattern}]`, depth + 1));
    }
    if (node.additionalProperties !== undefined && typeof node.additionalProperties === 'object') {
      problems.push(...unboundedParts(node.additionalProperties, `${where}[*]`, depth + 1));
    }
    if (node.propertyNames !== undefined) {
      const names = node.propertyNames as Schema;
      if (!(Array.isArray(names.enum) || 'const' in names || typeof names.maxLength === 'number')) {
        problems.push(`${where}: propertyNames with no maxLength nor enum`);
      }
    }
  }
  return problems;
}

/** `levels` arrays, one inside the other, around a bounded string. */
function nestArray(levels: number): unknown {
  let schema: unknown = Type.String({ maxLength: 10 });
  for (let level = 0; level < levels; level++) schema = Type.Array(schema as never, { maxItems: 2 });
  return schema;
}

function nest(levels: number): unknown {
  let schema: unknown = Type.String({ maxLength: 10 });
  for (let level = 0; level < levels; level++) schema = Type.Object({ inner: schema as never }, { additionalProperties: false });
  return schema;
}

describe('the walker catches each kind of offender', () => {
  it.each([
    ['a string with no maxLength', Type.Object({ name: Type.String() }, { additionalProperties: false }), 'body.name: a string with no maxLength'],
    ['an array with no maxItems', Type.Object({ ids: Type.Array(Type.String({ maxLength: 36 })) }, { additionalProperties: false }), 'body.ids: an array with no maxItems'],
    ['an open object', Type.Object({ name: Type.String({ maxLength: 5 }) }), 'body: an object that takes any property'],
    ['an open record', Type.Object({ tags: Type.Record(Type.String(), Type.String({ maxLength: 5 })) }, { additionalProperties: false }), 'body.tags: an object that takes any property'],
    ['a string inside a union', Type.Object({ note: Type.Union([Type.String(), Type.Null()]) }, { additionalProperties: false }), 'body.note/anyOf/0: a string with no maxLength'],
    ['a string inside array items', Type.Array(Type.String(), { maxItems: 3 }), 'body/items: a string with no maxLength'],
    ['a value of any type', Type.Object({ anything: Type.Unknown() }, { additionalProperties: false }), 'body.anything: no type'],
    ['an object nested too deep', nest(MAX_DEPTH + 1), 'nested deeper than 6'],
    ['an array nested too deep', Type.Array(nest(MAX_DEPTH) as never, { maxItems: 1 }), 'nested deeper than 6'],
    ['an array at the seventh level', Type.Object({ a: nestArray(MAX_DEPTH) as never }, { additionalProperties: false }), 'nested deeper than 6'],
    ['a recursive schema', Type.Recursive((self) => Type.Object({ child: Type.Optional(self) }, { additionalProperties: false })), 'a $ref'],
  ])('%s', (_name, schema, expected) => {
    expect(unboundedParts(schema, 'body').join('\n')).toContain(expected);
  });

  it('and accepts what is bounded: enums and consts need no maxLength, maxProperties bounds a record, six levels are allowed', () => {
    const bounded = Type.Object(
      {
        kind: StringEnum(['a', 'b'] as const),
        fixed: Type.Literal('x'),
        tags: Type.Record(Type.String(), Type.String({ maxLength: 5 }), { maxProperties: 3, propertyNames: { enum: ['a', 'b'] } }),
        deep: nest(MAX_DEPTH - 1) as never,
        list: nestArray(MAX_DEPTH - 1) as never,
      },
      { additionalProperties: false },
    );
    expect(unboundedParts(bounded, 'body')).toEqual([]);
  });
});

describe('every route’s request schemas are bounded', () => {
  let t: TestPlatform;
  let routes: readonly Route[];
  beforeAll(async () => {
    t = await startTestPlatform();
    routes = t.platform.routes;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the route table has routes with params, query and body to walk', () => {
    expect(routes.filter((route) => route.params).length).toBeGreaterThan(5);
    expect(routes.filter((route) => route.query).length).toBeGreaterThan(3);
    expect(routes.filter((route) => route.body).length).toBeGreaterThan(5);
  });

  it('no route takes unbounded input', () => {
    const problems = routes.flatMap((route) =>
      (['params', 'query', 'body'] as const).flatMap((part) => (route[part] ? unboundedParts(route[part], `${route.operationId} ${part}`) : [])),
    );
    expect(problems).toEqual([]);
  });
});
