import type { LocaleModules } from './index';
import { namespaceOf } from './namespaces';

/** A language's bundle: every text file of an app in that language (path → JSON), as an eager `import.meta.glob` gives them. */
export type LocaleBundle = Record<string, unknown>;

/** Same path keys whichever folder the glob was written in (`../../x` and `/x`). */
const normalise = (path: string) => path.replace(/^(\.\.\/)+/, '/');

/**
 * What startI18n expects (path → loader) for an app whose texts come in one
 * bundle per language: each loader reads its file out of its language's
 * bundle, so the texts download in one file per language, not one per
 * namespace. `paths` are the locale files' paths (known at build time),
 * `bundle(language, path)` loads the bundle holding that file (once: a dynamic import).
 */
export function bundledLocaleModules(paths: readonly string[], bundle: (language: string, path: string) => Promise<LocaleBundle>): LocaleModules {
  return Object.fromEntries(
    paths.map((path) => {
      const language = /([a-z]{2}-[A-Z]{2})\.json$/.exec(path)?.[1] as string;
      const load = async () => {
        const found = Object.entries(await bundle(language, path)).find(([key]) => normalise(key) === normalise(path));
        return found ? found[1] : {};
      };
      return [path, load];
    }),
  );
}

/** A bundle file's module, as a dynamic import gives it. */
type BundleModule = { default: LocaleBundle };

/**
 * The texts of an app whose French comes in two files: `first`, its first
 * load's (imported by the start-up), and `onDemand`, every other namespace's
 * (one file, fetched the first time one of them is asked for); each other
 * language is one file (`others`, by `./<language>.ts`). `paths` are all the
 * locale files' paths. i18next starts with `firstNamespaces` (startI18n's
 * initialNamespaces), in any language.
 */
export function twoPartFrenchTexts(
  paths: readonly string[],
  first: LocaleBundle,
  onDemand: () => Promise<BundleModule>,
  others: Record<string, () => Promise<BundleModule>>,
): { modules: LocaleModules; firstNamespaces: readonly string[]; namespaces: readonly string[] } {
  const namespacesOf = (files: readonly string[]) => [...new Set(files.flatMap((path) => namespaceOf(path)?.namespace ?? []))];
  const firstNamespaces = namespacesOf(Object.keys(first));
  const modules = bundledLocaleModules(paths, async (language, path) => {
    if (language !== 'fr-FR') return (await others[`./${language}.ts`]!()).default;
    return firstNamespaces.includes(namespaceOf(path)?.namespace ?? '') ? first : (await onDemand()).default;
  });
  return { modules, firstNamespaces, namespaces: namespacesOf(paths) };
}
