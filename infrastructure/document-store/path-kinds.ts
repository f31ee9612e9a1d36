/**
 * The kinds of value each path of a SQLite collection has held. SQL over
 * `json_extract` sees one value per path, booleans as 1 and 0 and arrays and
 * embedded documents as JSON text; that means what MongoDB means only where a
 * path holds scalars. The adapter records, with every write, which paths
 * held an array, an embedded document, a boolean or a number or string, and
 * answers a query in SQL where that is exact (every path of the read models'
 * lists: their expression indexes keep serving them), and otherwise through
 * semantics.ts on the parsed documents. Kinds are only ever added: a path
 * that once held an array stays on the exact, slower evaluation. Field names
 * a query cannot name (map keys such as stream names) are left out; a map
 * whose keys are identifiers records a path per key.
 */
import type { StoredDocument } from '../../application/ports/document-store.js';

export type PathKind = 'array' | 'object' | 'boolean' | 'scalar';

/** A field name a query path can name (see assertPath); others, such as keys of maps by id, are never queried. */
const QUERYABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const KIND_BITS: Record<PathKind, number> = { array: 1, object: 2, boolean: 4, scalar: 8 };

interface PathNode {
  path: string;
  /** The kinds known to be recorded, as KIND_BITS. */
  recorded: number;
  children: Map<string, PathNode>;
}

/**
 * The path kinds of one collection known to be recorded, as a tree of its
 * paths: a document is walked along it, so that finding nothing new (the
 * usual case, once a collection's shape is known) builds no strings.
 */
export class RecordedPathKinds {
  private readonly root = new Map<string, PathNode>();

  /**
   * Adds to `fresh` ("kind path" → [path, kind]) what the document holds that
   * is not recorded yet: the kind of every queryable path, nothing below an
   * array (its path stands for what is inside). `_id` is the id column.
   */
  collectUnrecorded(document: StoredDocument, fresh: Map<string, [string, PathKind]>): void {
    for (const key in document) {
      if (key !== '_id') this.visit(this.root, '', key, document[key], fresh);
    }
  }

  record(path: string, kind: PathKind): void {
    let children = this.root;
    let node: PathNode | undefined;
    let prefix = '';
    for (const key of path.split('.')) {
      node = this.child(children, prefix, key);
      if (!node) return;
      prefix = node.path;
      children = node.children;
    }
    if (node) node.recorded |= KIND_BITS[kind];
  }

  private visit(children: Map<string, PathNode>, prefix: string, key: string, value: unknown, fresh: Map<string, [string, PathKind]>): void {
    if (value === null || value === undefined) return;
    const node = this.child(children, prefix, key);
    if (!node) return;
    const kind: PathKind = Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : typeof value === 'boolean' ? 'boolean' : 'scalar';
    if ((node.recorded & KIND_BITS[kind]) === 0) fresh.set(`${kind} ${node.path}`, [node.path, kind]);
    if (kind !== 'object') return;
    const embedded = value as Record<string, unknown>;
    for (const nested in embedded) this.visit(node.children, node.path, nested, embedded[nested], fresh);
  }

  /** The node of a queryable name; none for others (keys of maps by stream or id), which would otherwise pile up. */
  private child(children: Map<string, PathNode>, prefix: string, key: string): PathNode | undefined {
    let node = children.get(key);
    if (!node && QUERYABLE_NAME.test(key)) {
      node = { path: prefix ? `${prefix}.${key}` : key, recorded: 0, children: new Map() };
      children.set(key, node);
    }
    return node;
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

  /**
   * Whether `path` holds booleans and never a number or a string: its 1 and
   * 0 in SQL (json_extract) can then only be true and false, and equality
   * with a boolean needs no json_type check, which no index holds (an index
   * on the path then answers it alone).
   */
  onlyBooleans(path: string): boolean {
    return this.has(path, 'boolean') && !this.has(path, 'scalar');
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
