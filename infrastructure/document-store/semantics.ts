/**
 * What a filter and a sort of the port's subset mean, in MongoDB's terms,
 * evaluated on parsed documents: the reference the SQLite adapter falls back
 * to where SQL over `json_extract` would mean something else (a path that
 * holds arrays or embedded documents, a sort over booleans mixed with
 * numbers or strings). MongoDB evaluates the same filters on its side; the
 * differential test (tests/contract/document-store.differential.test.ts)
 * holds both to an independent implementation of MongoDB's query language.
 *
 * The rules, as MongoDB 7 and 8.0 apply them to JSON values:
 * - A path reaching an array compares each element as well as the array:
 *   `{tags: 'x'}` matches `tags: ['x', 'y']`; `$ne`, `$nin` and
 *   `$exists: false` are the negations of `$eq`, `$in` and `$exists: true`,
 *   so `{tags: {$ne: null}}` does not match `[null, -3]`.
 * - A dotted path goes into the embedded documents of an array
 *   (`a.b` reaches `a: [{b: 1}]`); an array's other elements are skipped. A
 *   path stopped by a scalar or a missing field is missing, which `null`
 *   matches; a path stopped inside an array matches nothing.
 * - Comparisons only match values of the bound's type (numbers, strings,
 *   booleans, null): an embedded document or an array as such never equals
 *   nor orders against a scalar.
 * - Sorts order by type first: null and missing, numbers, strings, embedded
 *   documents, arrays, booleans; an array sorts by its smallest element
 *   ascending and its largest descending, and an empty array (also one on
 *   the way to a dotted path) before null.
 *   Strings compare by code point (UTF-8 byte order), as MongoDB's default
 *   binary comparison does.
 */
import type { Scalar, SortSpec } from '../../application/ports/document-store.js';
import { caseInsensitiveRegExp, type Condition, type FilterNode } from './query.js';

/** The value at a path that does not exist: matched by `null` and `$exists: false`. */
const MISSING: unique symbol = Symbol('missing');
/** The sort key of an empty array: below null, as MongoDB sorts it. */
const EMPTY_ARRAY: unique symbol = Symbol('empty array');

type Found = unknown;

export function matchesFilter(document: unknown, node: FilterNode): boolean {
  switch (node.kind) {
    case 'and':
      return node.children.every((child) => matchesFilter(document, child));
    case 'or':
      return node.children.some((child) => matchesFilter(document, child));
    case 'condition':
      return matchesCondition(valuesAt(document, node.path.split('.')), node.condition);
  }
}

function matchesCondition(values: Found[], condition: Condition): boolean {
  switch (condition.operator) {
    case '$eq':
      return values.some((value) => equals(value, condition.value));
    case '$ne':
      return !values.some((value) => equals(value, condition.value));
    case '$in':
      return values.some((value) => condition.values.some((operand) => equals(value, operand)));
    case '$nin':
      return !values.some((value) => condition.values.some((operand) => equals(value, operand)));
    case '$exists':
      return values.some((value) => value !== MISSING) === condition.value;
    case '$regex': {
      const pattern = caseInsensitiveRegExp(condition.pattern);
      return values.some((value) => typeof value === 'string' && pattern.test(value));
    }
    default: {
      const { operator, value: bound } = condition;
      return values.some((value) => inRange(value, operator, bound));
    }
  }
}

/**
 * The values a condition on `path` tests: the value there, and each element
 * of an array there; through an array on the way, the values under each of
 * its embedded documents.
 */
function valuesAt(document: unknown, path: string[]): Found[] {
  const found: Found[] = [];
  collect(document, path, 0, found);
  return found;
}

function collect(value: unknown, path: string[], depth: number, found: Found[]): void {
  if (depth === path.length) {
    found.push(value);
    if (Array.isArray(value)) found.push(...(value as unknown[]));
    return;
  }
  if (Array.isArray(value)) {
    for (const element of value as unknown[]) if (isEmbedded(element)) collect(element, path, depth, found);
    return;
  }
  if (!isEmbedded(value)) {
    found.push(MISSING);
    return;
  }
  const key = path[depth] as string;
  if (Object.hasOwn(value, key)) collect(value[key], path, depth + 1, found);
  else found.push(MISSING);
}

function equals(value: Found, operand: Scalar): boolean {
  if (operand === null) return value === null || value === MISSING;
  return value === operand;
}

function inRange(value: Found, operator: '$gt' | '$gte' | '$lt' | '$lte', bound: Scalar): boolean {
  // null is a type of its own: only the inclusive bounds reach it, and they match exactly null and missing.
  if (bound === null) return (operator === '$gte' || operator === '$lte') && (value === null || value === MISSING);
  if (typeof value !== typeof bound || value === null) return false;
  const order = compareScalars(value as string | number | boolean, bound);
  switch (operator) {
    case '$gt':
      return order > 0;
    case '$gte':
      return order >= 0;
    case '$lt':
      return order < 0;
    case '$lte':
      return order <= 0;
  }
}

function compareScalars(a: string | number | boolean, b: string | number | boolean): number {
  if (typeof a === 'string') return compareStrings(a, b as string);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Code point order, which is UTF-8 byte order (MongoDB's and SQLite's): JavaScript's `<` compares UTF-16 units. */
function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.codePointAt(i) as number;
    const y = b.codePointAt(i) as number;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

/**
 * Orders documents as MongoDB's find sorts them by `sort` (which ends with
 * the `_id` tiebreak, see withIdTiebreak); a stable total order.
 */
export function compareDocuments(sort: SortSpec): (a: unknown, b: unknown) => number {
  const keys = sort.map(([path, direction]) => ({ path: path.split('.'), direction }));
  const cache = new Map<unknown, Found[]>();
  const sortKeys = (document: unknown): Found[] => {
    let found = cache.get(document);
    if (!found) {
      found = keys.map(({ path, direction }) => sortKey(document, path, direction));
      cache.set(document, found);
    }
    return found;
  };
  return (a, b) => {
    const left = sortKeys(a);
    const right = sortKeys(b);
    for (let i = 0; i < keys.length; i++) {
      const order = compareValues(left[i], right[i]);
      if (order !== 0) return order * (keys[i] as { direction: 1 | -1 }).direction;
    }
    return 0;
  };
}

/**
 * The key a document sorts by on one path: the smallest (ascending) or
 * largest (descending) of the keys MongoDB's sort key generator gives it.
 */
function sortKey(document: unknown, path: string[], direction: 1 | -1): Found {
  const found: Found[] = [];
  collectSortKeys(document, path, 0, found);
  let key = found[0];
  for (const candidate of found.slice(1)) {
    if (compareValues(candidate, key) * direction < 0) key = candidate;
  }
  return key;
}

/**
 * An array gives the keys of its elements (at the end of the path, the
 * elements themselves; on the way, what each element holds further on,
 * null for an element that is no embedded document); an empty array, on the
 * way or at the end, gives the key that sorts below null; a missing field null.
 */
function collectSortKeys(value: unknown, path: string[], depth: number, found: Found[]): void {
  if (Array.isArray(value)) {
    if (value.length === 0) found.push(EMPTY_ARRAY);
    else if (depth === path.length) found.push(...(value as unknown[]));
    else for (const element of value as unknown[]) collectSortKeys(isEmbedded(element) ? element : {}, path, depth, found);
    return;
  }
  if (depth === path.length) {
    found.push(value);
    return;
  }
  const key = path[depth] as string;
  if (isEmbedded(value) && Object.hasOwn(value, key)) collectSortKeys(value[key], path, depth + 1, found);
  else found.push(null);
}

/** MongoDB's comparison of two values (BSON order), for the types JSON holds. */
function compareValues(a: Found, b: Found): number {
  const byType = typeRank(a) - typeRank(b);
  if (byType !== 0) return byType;
  if (typeof a === 'number' || typeof a === 'boolean') return compareScalars(a, b as number | boolean);
  if (typeof a === 'string') return compareStrings(a, b as string);
  if (Array.isArray(a)) return compareEntries(a.map((element, i) => [String(i), element]), (b as unknown[]).map((element, i) => [String(i), element]));
  if (isEmbedded(a)) return compareEntries(Object.entries(a), Object.entries(b as Record<string, unknown>));
  return 0;
}

/** Embedded documents and arrays compare field by field: the value's type, then the field name, then the value. */
function compareEntries(a: Array<[string, unknown]>, b: Array<[string, unknown]>): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const [leftName, left] = a[i] as [string, unknown];
    const [rightName, right] = b[i] as [string, unknown];
    const order = typeRank(left) - typeRank(right) || compareStrings(leftName, rightName) || compareValues(left, right);
    if (order !== 0) return order;
  }
  return Math.sign(a.length - b.length);
}

function typeRank(value: Found): number {
  if (value === EMPTY_ARRAY) return 0;
  if (value === null || value === MISSING || value === undefined) return 1;
  switch (typeof value) {
    case 'number':
      return 2;
    case 'string':
      return 3;
    case 'boolean':
      return 8;
    default:
      return Array.isArray(value) ? 5 : 4;
  }
}

function isEmbedded(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
