/**
 * Long lists (specification 002 §9 "Long lists truncated after 30 items"):
 * a list of choices or names shows its first 30, then "show the N others"
 * (and back). No React: Node tests load it.
 */
export const LONG_LIST_LIMIT = 30;

/**
 * The items a long list shows and how many it hides: the first `limit`, or
 * all once expanded; the items `kept` says (a ticked box) are always shown,
 * in their place, so a choice made is never hidden.
 */
export function truncated<T>(items: readonly T[], options: { limit?: number; expanded?: boolean; kept?: (item: T) => boolean } = {}): { shown: T[]; more: number } {
  const limit = options.limit ?? LONG_LIST_LIMIT;
  if (options.expanded || items.length <= limit) return { shown: [...items], more: 0 };
  const shown = items.filter((item, index) => index < limit || options.kept?.(item) === true);
  return { shown, more: items.length - shown.length };
}
