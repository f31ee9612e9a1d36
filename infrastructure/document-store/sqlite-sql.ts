/**
 * The SQL of the embedded document store (sqlite-document-store.ts): writes,
 * and the WHERE and ORDER BY of a filter over `json_extract`, in exactly the
 * shape the expression indexes were created with (the planner matches an
 * index expression only against an identical expression). A condition SQL
 * cannot decide exactly (path-kinds.ts) is left to semantics.ts.
 */
import type { FindOptions, IndexSpec, Scalar, SortSpec, StoredDocument } from '../../application/ports/document-store.js';
import { PathKinds } from './path-kinds.js';
import { InvalidQueryError, withIdTiebreak, type ComparisonOperator, type Condition, type FilterNode } from './query.js';

export type Parameter = string | number | bigint | null;

export interface Sql {
  text: string;
  params: Parameter[];
  /** The rows the statement must change, else its transaction is rolled back (FencedWriteError): an `expect` operation's check. */
  expect?: number;
}

export const sql = (text: string, ...params: Parameter[]): Sql => ({ text, params });
/** Per collection, the kinds of value each path has held; named so that no collection can take the name. */
export const PATH_KINDS = '"_path_kinds"';
export const ALWAYS: Sql = sql('1');
export const NEVER: Sql = sql('0');

export function quote(identifier: string): string {
  // Identifiers are validated before they get here; quoting keeps keywords (e.g. "order") usable as names.
  return `"${identifier}"`;
}

export function upsertSql(table: string, document: StoredDocument): Sql {
  // ON CONFLICT DO UPDATE keeps the row (and its rowid); INSERT OR REPLACE would delete and re-insert it.
  return sql(
    `INSERT INTO ${quote(table)} (id, doc) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`,
    document._id,
    JSON.stringify(document),
  );
}

export function insertSql(table: string, document: StoredDocument): Sql {
  // Only a conflict on the id is ignored: another unique index still refuses (DuplicateKeyError).
  return sql(`INSERT INTO ${quote(table)} (id, doc) VALUES (?, ?) ON CONFLICT (id) DO NOTHING`, document._id, JSON.stringify(document));
}

/** An `expect` operation: touches the document only if `field` holds `value`, and must touch it (Sql.expect). */
export function expectSql(table: string, id: string, field: string, value: string | number): Sql {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) throw new InvalidQueryError(`An expected field is a top-level name, not ${JSON.stringify(field)}`);
  return { ...sql(`UPDATE ${quote(table)} SET doc = doc WHERE id = ? AND json_extract(doc, ?) = ?`, id, `$.${field}`, value), expect: 1 };
}

export function deleteSql(table: string, id: string): Sql {
  return sql(`DELETE FROM ${quote(table)} WHERE id = ?`, id);
}

export interface Plan {
  query: Sql;
  /** The query's WHERE decides the filter; otherwise it only narrows the documents down, and semantics.ts decides. */
  exact: boolean;
}

/** The paths whose kinds decide how a query is answered. */
export function queryPaths(node: FilterNode, sort: SortSpec = []): string[] {
  const paths = sort.map(([path]) => path);
  const visit = (n: FilterNode): void => {
    if (n.kind === 'condition') paths.push(n.path);
    else n.children.forEach(visit);
  };
  visit(node);
  return paths.filter((path) => path !== '_id');
}

/**
 * The find: wholly in SQL where the kinds allow (the common case, which the
 * expression indexes serve); otherwise a read of the candidates, in SQL's
 * order when the sort is exact there (`sorted`), without paging.
 */
export function findPlan(table: string, node: FilterNode, options: FindOptions, kinds: PathKinds, indexPrefix = table): Plan & { sorted: boolean } {
  const where = whereSql(node, kinds);
  const sort = withIdTiebreak(options.sort);
  const sorted = sort.every(([path]) => path === '_id' || kinds.sortable(path));
  const order = sorted ? ` ORDER BY ${orderBySql(sort)}` : '';
  // LIMIT -1 is SQLite's "no limit", needed when only skip is given.
  const paged = where.exact && sorted && (options.limit !== undefined || Boolean(options.skip));
  const paging = paged ? sql(' LIMIT ? OFFSET ?', options.limit ?? -1, options.skip ?? 0) : sql('');
  const query = sql(`SELECT doc FROM ${quote(table)}${indexedBy(indexPrefix, options.hint)} WHERE ${where.sql.text}${order}${paging.text}`, ...where.sql.params, ...paging.params);
  return { query, exact: where.exact, sorted };
}

/** INDEXED BY the index the caller chose (its name as ensureIndex made it); SQLite refuses a query that cannot use it. */
function indexedBy(indexPrefix: string, hint: string | undefined): string {
  return hint ? ` INDEXED BY ${quote(`${indexPrefix}__${hint}`)}` : '';
}

/** The count in SQL where the kinds allow; otherwise the candidates to count on. */
export function countPlan(table: string, node: FilterNode, limit: number | undefined, kinds: PathKinds, hint?: string, indexPrefix = table): Plan {
  const where = whereSql(node, kinds);
  const from = `${quote(table)}${indexedBy(indexPrefix, hint)}`;
  if (!where.exact) return { query: sql(`SELECT doc FROM ${from} WHERE ${where.sql.text}`, ...where.sql.params), exact: false };
  if (limit === undefined) return { query: sql(`SELECT count(*) FROM ${from} WHERE ${where.sql.text}`, ...where.sql.params), exact: true };
  // The subquery stops at the limit, so counting a large result set costs at most `limit` index entries.
  const query = sql(`SELECT count(*) FROM (SELECT 1 FROM ${from} WHERE ${where.sql.text} LIMIT ?)`, ...where.sql.params, limit);
  return { query, exact: true };
}

/** A condition that holds while no path of `paths` has taken a kind that makes SQL inexact on it (see PathKinds.filterable). */
export function kindsStillFilterable(table: string, paths: string[]): Sql {
  const blocking = paths.flatMap((path) => PathKinds.blockingFilters(path));
  return sql(
    `NOT EXISTS (SELECT 1 FROM json_each(?) AS blocking JOIN ${PATH_KINDS} AS k ON k.collection = ? AND k.path = blocking.value ->> 0 AND k.kind = blocking.value ->> 1)`,
    JSON.stringify(blocking),
    table,
  );
}

export function orderBySql(sort: SortSpec): string {
  return sort.map(([path, direction]) => `${field(path).value} ${direction === 1 ? 'ASC' : 'DESC'}`).join(', ');
}

/**
 * The index columns: the same expressions the queries use, then `id` for
 * non-unique indexes so that the `_id` tiebreak of a sort is served too.
 */
export function indexColumns(index: IndexSpec): string {
  const sort = index.unique ? index.fields : withIdTiebreak(index.fields);
  return orderBySql(sort);
}

// ---------------------------------------------------------------------------
// Filters → SQL

export interface FieldSql {
  /** The SQL value: NULL when missing or null, 1/0 for booleans. */
  value: string;
  /** json_type: 'null', 'true', 'false', 'integer', 'real', 'text', … or NULL when missing. */
  type: string;
  /** `_id` is the `id` column, always text. */
  isId: boolean;
  /** The path holds booleans only (PathKinds.onlyBooleans): 1/0 there are true/false, no json_type check needed. */
  booleansOnly?: boolean;
}

export const NUMBER_TYPES = "('integer', 'real')";
export const BOOLEAN_TYPES = "('true', 'false')";

export function field(path: string): FieldSql {
  if (path === '_id') return { value: 'id', type: "'text'", isId: true };
  // The path is validated (identifiers and dots only), so inlining it is safe; and it must be a literal,
  // since an expression index only serves a query that uses the very same expression.
  const jsonPath = `'$.${path}'`;
  return { value: `json_extract(doc, ${jsonPath})`, type: `json_type(doc, ${jsonPath})`, isId: false };
}

export interface Where {
  sql: Sql;
  /** False when conditions on paths that hold arrays or embedded documents were left out (as always true). */
  exact: boolean;
}

/**
 * The WHERE of a filter. A condition SQL cannot decide exactly (see
 * PathKinds.filterable) counts as true, which, with no negation above a
 * condition, only widens the result: the documents read are then matched
 * again on their parsed form.
 */
export function whereSql(node: FilterNode, kinds: PathKinds): Where {
  if (node.kind === 'condition') {
    if (node.path !== '_id' && !kinds.filterable(node.path)) return { sql: ALWAYS, exact: false };
    const f = node.path === '_id' ? field(node.path) : { ...field(node.path), booleansOnly: kinds.onlyBooleans(node.path) };
    return { sql: conditionSql(f, node.condition), exact: true };
  }
  const children = node.children.map((child) => whereSql(child, kinds));
  const exact = children.every((child) => child.exact);
  const parts = children.map((child) => child.sql);
  if (node.kind === 'and') {
    const conditions = parts.filter((part) => part !== ALWAYS);
    return { sql: conditions.length === 0 ? ALWAYS : join(conditions, ' AND '), exact };
  }
  return { sql: parts.includes(ALWAYS) ? ALWAYS : join(parts, ' OR '), exact };
}

export function join(parts: Sql[], separator: string): Sql {
  if (parts.length === 1) return parts[0] as Sql;
  return sql(parts.map((part) => `(${part.text})`).join(separator), ...parts.flatMap((part) => part.params));
}

export function conditionSql(f: FieldSql, condition: Condition): Sql {
  switch (condition.operator) {
    case '$eq':
      return equals(f, condition.value);
    case '$ne':
      return not(equals(f, condition.value));
    case '$in':
      return inList(f, condition.values);
    case '$nin':
      return not(inList(f, condition.values));
    case '$exists':
      // json_type is NULL only for a missing field (a JSON null has type 'null').
      return sql(`${f.type} IS ${condition.value ? 'NOT ' : ''}NULL`);
    case '$regex':
      return sql(`regexp_i(?, ${f.value})`, condition.pattern);
    default:
      return compare(f, condition.operator, condition.value);
  }
}

/** Negation that also holds where the condition is NULL (a missing field), as MongoDB's $ne and $nin do. */
export function not(condition: Sql): Sql {
  return sql(`(${condition.text}) IS NOT TRUE`, ...condition.params);
}

/**
 * Equality with MongoDB's type strictness. json_extract gives 1/0 for booleans,
 * so a boolean, or a number that could be mistaken for one (0 or 1), also
 * checks json_type, unless the path holds booleans only (no number there to
 * mistake); other strings and numbers compare plainly and keep the
 * condition answerable from the index alone.
 */
export function equals(f: FieldSql, value: Scalar): Sql {
  if (value === null) return sql(`${f.value} IS NULL`);
  if (typeof value === 'string') return sql(`${f.value} = ?`, value);
  if (f.isId) return NEVER; // ids are strings, and the id column's affinity would turn 5 into '5'.
  if (typeof value === 'boolean') return f.booleansOnly ? sql(`${f.value} = ?`, value ? 1 : 0) : sql(`${f.value} = ? AND ${f.type} = '${value}'`, value ? 1 : 0);
  if (value === 0 || value === 1) return sql(`${f.value} = ? AND ${f.type} IN ${NUMBER_TYPES}`, value);
  return sql(`${f.value} = ?`, numberParameter(value));
}

export function inList(f: FieldSql, values: Scalar[]): Sql {
  if (values.length === 0) return NEVER;
  const plain = values.filter((value): value is string | number => isPlainComparable(f, value));
  const parts = values.filter((value) => !isPlainComparable(f, value)).map((value) => equals(f, value));
  if (plain.length > 0) {
    const params = plain.map((value) => (typeof value === 'number' ? numberParameter(value) : value));
    parts.unshift(sql(`${f.value} IN (${plain.map(() => '?').join(', ')})`, ...params));
  }
  return join(parts, ' OR ');
}

/** Values whose plain SQL equality is already type-strict (see `equals`). */
export function isPlainComparable(f: FieldSql, value: Scalar): boolean {
  return typeof value === 'string' || (typeof value === 'number' && !f.isId && value !== 0 && value !== 1);
}

export const SQL_COMPARISON: Record<Exclude<ComparisonOperator, '$eq' | '$ne'>, string> = {
  $gt: '>',
  $gte: '>=',
  $lt: '<',
  $lte: '<=',
};

/**
 * Ranges compare values of the bound's type only, as MongoDB does. SQLite
 * orders NULL < numbers < text, so the type is kept with a second bound where
 * possible (text ≥ '' > every number), which an index range scan still serves;
 * json_type is checked only where booleans (1/0) could fall into a numeric range.
 */
export function compare(f: FieldSql, operator: Exclude<ComparisonOperator, '$eq' | '$ne'>, value: Scalar): Sql {
  const op = SQL_COMPARISON[operator];
  const below = operator === '$lt' || operator === '$lte';
  if (value === null) return operator === '$gte' || operator === '$lte' ? sql(`${f.value} IS NULL`) : NEVER;
  if (typeof value === 'string') {
    return below ? sql(`${f.value} ${op} ? AND ${f.value} >= ''`, value) : sql(`${f.value} ${op} ?`, value);
  }
  if (f.isId) return NEVER;
  if (typeof value === 'boolean') return sql(`${f.value} ${op} ? AND ${f.type} IN ${BOOLEAN_TYPES}`, value ? 1 : 0);
  const range = below ? `${f.value} ${op} ?` : `${f.value} ${op} ? AND ${f.value} < ''`;
  return numericRangeMayHoldBooleans(operator, value)
    ? sql(`${range} AND ${f.type} IN ${NUMBER_TYPES}`, value)
    : sql(range, numberParameter(value));
}

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

/**
 * A number as SQLite reads it from the stored JSON. JSON.stringify writes an
 * integer beyond 2^53 with its shortest digits (2^60 as 1152921504606847000),
 * which SQLite reads as that exact 64-bit integer, not the double it stands
 * for; bound as a double, the number would not equal itself. Bound as the
 * same integer it does, and the order against every other stored number is
 * kept (distinct doubles have disjoint rounding intervals).
 */
export function numberParameter(value: number): number | bigint {
  if (!Number.isInteger(value) || Number.isSafeInteger(value) || Math.abs(value) >= 1e21) return value;
  // Below 1e21 JSON.stringify writes plain digits; SQLite reads those as a double only past 64 bits.
  const digits = BigInt(JSON.stringify(value));
  return digits >= INT64_MIN && digits <= INT64_MAX ? digits : value;
}

export function numericRangeMayHoldBooleans(operator: keyof typeof SQL_COMPARISON, bound: number): boolean {
  switch (operator) {
    case '$gt':
      return bound < 1;
    case '$gte':
      return bound <= 1;
    case '$lt':
      return bound > 0;
    case '$lte':
      return bound >= 0;
  }
}

