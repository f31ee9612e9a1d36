import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule, { type FormatsPlugin } from 'ajv-formats';
import type { JsonSchema } from './route.js';

// ajv-formats is CommonJS; its default export arrives wrapped under NodeNext.
const addFormats: FormatsPlugin =
  (addFormatsModule as unknown as { default?: FormatsPlugin }).default ?? (addFormatsModule as unknown as FormatsPlugin);

/** A validation error names at most this many problems (and says when there were more). */
export const MAX_REPORTED_PROBLEMS = 20;
/** What a problem echoes of the request (a field's path, a property's name) is cut to this many characters. */
export const MAX_ECHOED_LENGTH = 64;

export interface SchemaFieldError {
  field: string;
  code: string;
  params: Record<string, unknown>;
}

function createAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true, coerceTypes: coerce ? 'array' : false, useDefaults: true, removeAdditional: false });
  addFormats(ajv, ['email', 'date', 'date-time', 'uuid', 'uri']);
  ajv.addKeyword({ keyword: 'example' });
  return ajv;
}

/** Bodies are validated as sent; query strings and path parameters are coerced from text. */
const bodies = createAjv(false);
const strings = createAjv(true);
const compiled = { bodies: new WeakMap<JsonSchema, ValidateFunction>(), strings: new WeakMap<JsonSchema, ValidateFunction>() };

export function validator(schema: JsonSchema, coerce: boolean): ValidateFunction {
  const cache = coerce ? compiled.strings : compiled.bodies;
  let check = cache.get(schema);
  if (!check) {
    check = (coerce ? strings : bodies).compile(schema);
    cache.set(schema, check);
  }
  return check;
}

/**
 * Validates (and, for strings, coerces in place); returns the field errors,
 * empty when valid: at most one more than MAX_REPORTED_PROBLEMS (enough to
 * say there were more), however many ajv found.
 */
export function validate(schema: JsonSchema, value: unknown, coerce: boolean, root: string): SchemaFieldError[] {
  const check = validator(schema, coerce);
  const problems = check(value) ? [] : (check.errors ?? []).slice(0, MAX_REPORTED_PROBLEMS + 1).map((error) => toFieldError(error, root));
  // ajv coerces "1e400" to Infinity, then skips the number keywords (minimum, maximum) of a value that is not finite.
  if (coerce) problems.push(...nonFinite(value, []).slice(0, MAX_REPORTED_PROBLEMS + 1));
  return problems;
}

function nonFinite(value: unknown, path: string[]): SchemaFieldError[] {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? [] : [{ field: echo(path.join('.')), code: 'schema.type', params: { type: 'number' } }];
  }
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => nonFinite(child, [...path, key]));
}

/** A piece of the request as an error may echo it: cut short. */
function echo(text: string): string {
  return text.length > MAX_ECHOED_LENGTH ? `${text.slice(0, MAX_ECHOED_LENGTH - 1)}…` : text;
}

function toFieldError(error: ErrorObject, root: string): SchemaFieldError {
  const path = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required') path.push(String((error.params as { missingProperty: string }).missingProperty));
  if (error.keyword === 'additionalProperties') path.push(String((error.params as { additionalProperty: string }).additionalProperty));
  const field = echo(path.length > 0 ? path.join('.') : root);
  const params = error.params as Record<string, unknown>;
  const known = {
    limit: params.limit,
    allowed: params.allowedValues,
    format: params.format,
    pattern: params.pattern,
    property: echoed(params.additionalProperty ?? params.missingProperty ?? params.propertyName),
    type: params.type,
  };
  return {
    field,
    code: `schema.${error.keyword}`,
    params: Object.fromEntries(Object.entries(known).filter(([, value]) => value !== undefined)),
  };
}

function echoed(value: unknown): unknown {
  return typeof value === 'string' ? echo(value) : value;
}
