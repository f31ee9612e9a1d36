/**
 * What both document-store adapters share: validation of collection names,
 * paths, filters, find options, indexes and documents, and a parsed form of
 * the filter subset documented in application/ports/document-store.ts.
 * Validating in one place is what makes the SQLite and MongoDB adapters
 * reject the same queries with the same messages.
 */
import type {
  Filter,
  CountOptions,
  FindOptions,
  IndexSpec,
  Scalar,
  SortSpec,
  StoredDocument,
} from '../../application/ports/document-store.js';

/** A filter, option, name or document outside what the port supports. */
export class InvalidQueryError extends Error {
  override readonly name = 'InvalidQueryError';
}

/** A write that a unique index refused. */
export class DuplicateKeyError extends Error {
  override readonly name = 'DuplicateKeyError';
}

export type ComparisonOperator = '$eq' | '$ne' | '$gt' | '$gte' | '$lt' | '$lte';

export type Condition =
  | { operator: ComparisonOperator; value: Scalar }
  | { operator: '$in' | '$nin'; values: Scalar[] }
  | { operator: '$exists'; value: boolean }
  | { operator: '$regex'; pattern: string };

export type FilterNode =
  | { kind: 'and' | 'or'; children: FilterNode[] }
  | { kind: 'condition'; path: string; condition: Condition };

const COMPARISON_OPERATORS: ReadonlySet<string> = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte']);
const SUPPORTED_OPERATORS = '$eq, $ne, $in, $nin, $gt, $gte, $lt, $lte, $exists, $regex, $and, $or';

const COLLECTION_NAME = /^[a-z][a-z0-9_]*$/;
const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
const INDEX_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function assertCollectionName(name: string): void {
  if (typeof name !== 'string' || !COLLECTION_NAME.test(name)) {
    throw new InvalidQueryError(`Invalid collection name ${JSON.stringify(name)}: use lower-case letters, digits and _ , starting with a letter`);
  }
  // SQLite reserves the prefix for its own tables; refusing it everywhere keeps the adapters interchangeable.
  if (name.startsWith('sqlite_')) {
    throw new InvalidQueryError(`Invalid collection name ${JSON.stringify(name)}: the prefix sqlite_ is reserved`);
  }
}

export function assertPath(path: string): void {
  if (!FIELD_PATH.test(path)) {
    throw new InvalidQueryError(`Invalid field path ${JSON.stringify(path)}: use identifiers separated by dots, such as "address.city"`);
  }
}

/** Validates a filter and returns it as a tree; throws InvalidQueryError outside the subset. */
export function parseFilter(filter: Filter): FilterNode {
  if (!isPlainObject(filter)) throw new InvalidQueryError('A filter must be an object');
  const children: FilterNode[] = [];
  for (const [key, value] of Object.entries(filter)) {
    // An undefined entry is no condition at all, just as JSON would drop it.
    if (value === undefined) continue;
    if (key === '$and' || key === '$or') children.push(parseCombination(key, value));
    else if (key.startsWith('$')) throw unsupportedOperator(key);
    else children.push(...parseField(key, value));
  }
  return { kind: 'and', children };
}

function parseCombination(key: '$and' | '$or', value: unknown): FilterNode {
  // MongoDB refuses an empty $and/$or; refusing it here keeps both adapters alike.
  if (!Array.isArray(value) || value.length === 0) {
    throw new InvalidQueryError(`${key} needs a non-empty array of filters`);
  }
  return { kind: key === '$and' ? 'and' : 'or', children: value.map((child: Filter) => parseFilter(child)) };
}

function parseField(path: string, value: unknown): FilterNode[] {
  assertPath(path);
  if (!isPlainObject(value)) {
    return [{ kind: 'condition', path, condition: { operator: '$eq', value: scalar(path, '$eq', value) } }];
  }
  const entries = Object.entries(value).filter(([, operand]) => operand !== undefined);
  if (entries.length === 0) throw new InvalidQueryError(`The filter on "${path}" has no operator`);
  return entries.map(([operator, operand]) => ({ kind: 'condition', path, condition: parseOperator(path, operator, operand) }));
}

function parseOperator(path: string, operator: string, operand: unknown): Condition {
  if (COMPARISON_OPERATORS.has(operator)) {
    return { operator: operator as ComparisonOperator, value: scalar(path, operator, operand) };
  }
  switch (operator) {
    case '$in':
    case '$nin':
      return { operator, values: scalarList(path, operator, operand) };
    case '$exists':
      if (typeof operand !== 'boolean') throw new InvalidQueryError(`$exists on "${path}" needs true or false`);
      return { operator, value: operand };
    case '$regex':
      if (typeof operand !== 'string') throw new InvalidQueryError(`$regex on "${path}" needs a string pattern`);
      caseInsensitiveRegExp(operand);
      return { operator, pattern: operand };
    default:
      if (!operator.startsWith('$')) {
        throw new InvalidQueryError(`The filter on "${path}" compares a whole embedded document, which is not supported: use a dotted path such as "${path}.${operator}"`);
      }
      throw unsupportedOperator(operator, path);
  }
}

function unsupportedOperator(operator: string, path?: string): InvalidQueryError {
  const where = path === undefined ? '' : ` on "${path}"`;
  return new InvalidQueryError(`Unsupported query operator ${operator}${where}; supported: ${SUPPORTED_OPERATORS}`);
}

function scalar(path: string, operator: string, value: unknown): Scalar {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new InvalidQueryError(`${operator} on "${path}" needs a string, a finite number, a boolean or null`);
}

function scalarList(path: string, operator: string, value: unknown): Scalar[] {
  if (!Array.isArray(value)) throw new InvalidQueryError(`${operator} on "${path}" needs an array`);
  return value.map((item) => scalar(path, operator, item));
}

const regExpCache = new Map<string, RegExp>();
const REGEXP_CACHE_SIZE = 256;

/** The compiled, case-insensitive form of a `$regex` pattern, cached (patterns repeat across queries). */
export function caseInsensitiveRegExp(pattern: string): RegExp {
  let compiled = regExpCache.get(pattern);
  if (compiled) return compiled;
  try {
    compiled = new RegExp(pattern, 'i');
  } catch (error) {
    throw new InvalidQueryError(`Invalid $regex ${JSON.stringify(pattern)}: ${(error as Error).message}`);
  }
  if (regExpCache.size >= REGEXP_CACHE_SIZE) regExpCache.clear();
  regExpCache.set(pattern, compiled);
  return compiled;
}

export function assertCountOptions(options: CountOptions): void {
  assertCount('limit', options.limit);
  assertHint(options.hint);
}

export function assertFindOptions(options: FindOptions): void {
  assertSort(options.sort ?? []);
  assertHint(options.hint);
  assertCount('skip', options.skip);
  assertCount('limit', options.limit);
}

function assertHint(hint: string | undefined): void {
  if (hint !== undefined && (typeof hint !== 'string' || !INDEX_NAME.test(hint))) {
    throw new InvalidQueryError(`Invalid index hint ${JSON.stringify(hint)}: name one of the collection's indexes`);
  }
}

function assertSort(sort: SortSpec): void {
  if (!Array.isArray(sort)) throw new InvalidQueryError('sort must be an array of [path, 1 | -1] pairs');
  for (const [path, direction] of sort) {
    assertPath(path);
    if (direction !== 1 && direction !== -1) {
      throw new InvalidQueryError(`Invalid sort direction for "${path}": use 1 or -1`);
    }
  }
}

function assertCount(name: string, value: number | undefined): void {
  if (value !== undefined && !(Number.isSafeInteger(value) && value >= 0)) {
    throw new InvalidQueryError(`${name} must be a non-negative integer`);
  }
}

/**
 * The sort with `_id` appended, so that pages are stable. The tiebreak runs in
 * the direction of the last key: an index scanned backwards for a descending
 * sort yields ids descending too, so the index still serves the whole ORDER BY.
 */
export function withIdTiebreak(sort: SortSpec = []): SortSpec {
  if (sort.some(([path]) => path === '_id')) return sort;
  const lastDirection = sort.at(-1)?.[1] ?? 1;
  return [...sort, ['_id', lastDirection]];
}

export function assertIndexes(indexes: IndexSpec[]): void {
  const names = new Set<string>();
  for (const index of indexes) {
    if (!INDEX_NAME.test(index.name)) {
      throw new InvalidQueryError(`Invalid index name ${JSON.stringify(index.name)}: use letters, digits and _`);
    }
    if (names.has(index.name)) throw new InvalidQueryError(`Index name "${index.name}" is given twice`);
    names.add(index.name);
    if (index.fields.length === 0) throw new InvalidQueryError(`Index "${index.name}" has no fields`);
    assertSort(index.fields);
  }
}

export function assertDocument(document: StoredDocument): void {
  if (!isPlainObject(document) || typeof document._id !== 'string' || document._id === '') {
    throw new InvalidQueryError('A document must be an object with a non-empty string _id');
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
