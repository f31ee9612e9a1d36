/**
 * A tally: nested counters (integers only), the shape every weekly total of
 * the statistics is kept in. Adding one tally to another, or taking it away,
 * is how a total follows a fact's change (its contribution before is taken
 * away, its contribution after added), so a total is the sum of its facts'
 * contributions whatever the order of their changes. Counters that fall to
 * zero are removed: two tallies of the same sums are the same document.
 */
export interface Tally {
  [key: string]: number | Tally;
}

/** `target` plus `sign` times `delta` (a new tally; neither argument changes). */
export function addTally(target: Readonly<Tally>, delta: Readonly<Tally>, sign: 1 | -1 = 1): Tally {
  const sum: Tally = { ...target };
  for (const [key, value] of Object.entries(delta)) {
    const current = sum[key];
    if (typeof value === 'number') {
      const next = (typeof current === 'number' ? current : 0) + sign * value;
      if (next === 0) delete sum[key];
      else sum[key] = next;
      continue;
    }
    const nested = addTally(typeof current === 'object' ? current : {}, value, sign);
    if (Object.keys(nested).length === 0) delete sum[key];
    else sum[key] = nested;
  }
  return sum;
}

/**
 * Adds `sign` times `delta` into `target`, which changes (and is answered);
 * `delta` does not, and no level of it is shared with `target`. For sums
 * built in one place (a request summing scopes), where copying each level
 * at each step as addTally does would cost more than the sum.
 */
export function addInto(target: Tally, delta: Readonly<Tally>, sign: 1 | -1 = 1): Tally {
  for (const key in delta) {
    const value = delta[key] as number | Tally;
    const current = target[key];
    if (typeof value === 'number') {
      const next = (typeof current === 'number' ? current : 0) + sign * value;
      if (next === 0) delete target[key];
      else target[key] = next;
      continue;
    }
    const nested = addInto(typeof current === 'object' ? current : {}, value, sign);
    if (Object.keys(nested).length === 0) delete target[key];
    else target[key] = nested;
  }
  return target;
}

/** Adds `amount` at a path of keys (creating the levels on the way). */
export function bump(tally: Tally, path: readonly string[], amount = 1): void {
  let level = tally;
  for (const key of path.slice(0, -1)) {
    const next = level[key];
    if (typeof next === 'object') level = next;
    else {
      const created: Tally = {};
      level[key] = created;
      level = created;
    }
  }
  const last = path[path.length - 1] as string;
  const current = level[last];
  level[last] = (typeof current === 'number' ? current : 0) + amount;
}

/** The counter at a path (0 when missing). */
export function countAt(tally: Readonly<Tally> | undefined, ...path: string[]): number {
  let level: number | Tally | undefined = tally as Tally | undefined;
  for (const key of path) level = typeof level === 'object' ? level[key] : undefined;
  return typeof level === 'number' ? level : 0;
}

/** The sub-tally at a key ({} when missing). */
export function branch(tally: Readonly<Tally> | undefined, key: string): Tally {
  const level = tally?.[key];
  return typeof level === 'object' ? level : {};
}
