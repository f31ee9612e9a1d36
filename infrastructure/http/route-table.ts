/**
 * Finds the route of a request in one lookup instead of Express's walk over
 * every registered route (a regular expression per route, and the arrays
 * each attempt allocates). Same rules as Express's defaults: literal
 * segments match case-insensitively, one trailing slash is ignored, a
 * `{name}` segment takes any non-empty segment (percent-decoded), and when
 * several routes match, the first declared wins.
 */
export interface RouteMatch<R> {
  route: R;
  params: Record<string, string>;
}

type Segment = { literal: string } | { param: string };

interface Entry<R> {
  route: R;
  segments: Segment[];
}

export class RouteTable<R extends { method: string; path: string }> {
  /** By method, then by number of segments, in declaration order. */
  private readonly entries = new Map<string, Map<number, Array<Entry<R>>>>();

  constructor(routes: readonly R[]) {
    for (const route of routes) {
      const segments = splitPath(route.path).map((segment): Segment => {
        const param = /^\{([A-Za-z0-9_]+)\}$/.exec(segment);
        if (param) return { param: param[1] as string };
        if (segment.includes('{')) throw new Error(`Route ${route.path}: a parameter must be a whole segment`);
        return { literal: segment.toLowerCase() };
      });
      const method = route.method.toUpperCase();
      let byLength = this.entries.get(method);
      if (!byLength) this.entries.set(method, (byLength = new Map()));
      let list = byLength.get(segments.length);
      if (!list) byLength.set(segments.length, (list = []));
      list.push({ route, segments });
    }
  }

  /** The route for the method and path (without the query string), or null. HEAD is served by GET unless a HEAD route is declared. */
  match(method: string, path: string): RouteMatch<R> | null {
    const upper = method.toUpperCase();
    const parts = splitPath(path);
    return this.find(upper, parts) ?? (upper === 'HEAD' ? this.find('GET', parts) : null);
  }

  /** The methods some route answers on this path (for 405's Allow header); empty when the path is unknown. */
  allowedMethods(path: string): string[] {
    const parts = splitPath(path);
    const methods = [...this.entries.keys()].filter((method) => this.find(method, parts) !== null);
    if (methods.includes('GET') && !methods.includes('HEAD')) methods.push('HEAD');
    return methods.sort();
  }

  private find(method: string, parts: readonly string[]): RouteMatch<R> | null {
    const list = this.entries.get(method)?.get(parts.length);
    if (!list) return null;
    for (const entry of list) {
      const params = matchSegments(entry.segments, parts);
      if (params) return { route: entry.route, params };
    }
    return null;
  }
}

function splitPath(path: string): string[] {
  let trimmed = path.startsWith('/') ? path.slice(1) : path;
  if (trimmed.endsWith('/')) trimmed = trimmed.slice(0, -1);
  return trimmed === '' ? [] : trimmed.split('/');
}

function matchSegments(segments: readonly Segment[], parts: readonly string[]): Record<string, string> | null {
  let params: Record<string, string> | null = null;
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index] as Segment;
    const part = parts[index] as string;
    if ('literal' in segment) {
      if (part.length !== segment.literal.length || part.toLowerCase() !== segment.literal) return null;
      continue;
    }
    if (part === '') return null;
    let value: string;
    try {
      value = decodeURIComponent(part);
    } catch {
      return null;
    }
    (params ??= {})[segment.param] = value;
  }
  return params ?? {};
}
