/**
 * The kinds of value each path of a SQLite collection has held. SQL over
 * `json_extract` sees one value per path, booleans as 1 and 0 and arrays and
 * embedded documents as JSON text; that means what MongoDB means only where a
 * path holds scalars. The adapter records, with every write, which paths
 * held an array, an embedded document, a boolean or a number or string, and
 * answers a query in SQL where that is exact (every path of the read models'
 * lists: their expression indexes keep serving them), and otherwise through
 * semantics.ts on the parsed documents. Kinds are only ever added: a path
 * that once held an array stays on the exact, slower evaluation.
 */
import type { StoredDocument } from '../../application/ports/document-store.js';

export type PathKind = 'array' | 'object' | 'boolean' | 'scalar';

/** A field name a query path can name (see assertPath); others, such as keys of maps by id, are never queried. */
const QUERYABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Calls `record` for every queryable path of the document and the kind it
 * holds there; nothing below an array (its path stands for what is inside).
 */
export function visitPathKinds(document: StoredDocument, record: (path: string, kind: PathKind) => void): void {
  for (const [key, value] of Object.entries(document)) {
    // _id is the id column, always a string.
    if (key !== '_id' && QUERYABLE_NAME.test(key)) visit(key, value, record);
  }
}

function visit(path: string, value: unknown, record: (path: string, kind: PathKind) => void): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    record(path, 'array');
  } else if (typeof value === 'object') {
    record(path, 'object');
    for (const [key, nested] of Object.entries(value)) if (QUERYABLE_NAME.test(key)) visit(`${path}.${key}`, nested, record);
  } else if (typeof value === 'boolean') {
    record(path, 'boolean');
  } else {
    record(path, 'scalar');
  }
}

/** `path` and the paths it goes through: `a.b.c`, `a.b`, `a`. */
export function pathAndPrefixes(path: string): string[] {
  const paths = [path];
  for (let end = path.lastIndexOf('.'); end > 0; end = path.lastIndexOf('.', end - 1)) paths.push(path.slice(0, end));
  return paths;
}

/** The kinds recorded for some paths of one collection. */
export class PathKinds {
  constructor(private readonly kinds: ReadonlyMap<string, ReadonlySet<PathKind>>) {}

  /**
   * A condition on `path` evaluated on one SQL value is exact when every
   * document has at most one scalar there: no array on the way or at the
   * end, no embedded document at the end.
   */
  filterable(path: string): boolean {
    return PathKinds.blockingFilters(path).every(([blocking, kind]) => !this.has(blocking, kind));
  }

  /** A sort on `path` in SQL is exact when it is filterable and booleans (1 and 0 in SQL) never mix with numbers or strings. */
  sortable(path: string): boolean {
    return this.filterable(path) && !(this.has(path, 'boolean') && this.has(path, 'scalar'));
  }

  /** The (path, kind) pairs any of which makes a condition on `path` inexact in SQL. */
  static blockingFilters(path: string): Array<[string, PathKind]> {
    const [, ...prefixes] = pathAndPrefixes(path);
    return [[path, 'array'], [path, 'object'], ...prefixes.map((prefix): [string, PathKind] => [prefix, 'array'])];
  }

  private has(path: string, kind: PathKind): boolean {
    return this.kinds.get(path)?.has(kind) ?? false;
  }
}
