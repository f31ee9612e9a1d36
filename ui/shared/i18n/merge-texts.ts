export type TextTree = Record<string, unknown>;

/**
 * Several files may fill one namespace (the API's core texts and each part's
 * all give `errors`): their trees are merged key by key, not replaced.
 * Returns `target` with `source` merged in; `source` and the trees already in `target` are never changed.
 */
export function mergeTexts(target: TextTree, source: TextTree): TextTree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    target[key] =
      value !== null && typeof value === 'object' && existing !== null && typeof existing === 'object'
        ? mergeTexts({ ...(existing as TextTree) }, value as TextTree)
        : value;
  }
  return target;
}
