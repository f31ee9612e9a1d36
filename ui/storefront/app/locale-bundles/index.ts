import type { LocaleModules } from '../../../shared/i18n';

import frenchTexts from './fr-FR';

/** The other languages' bundles, loaded on demand; French, the default, is part of the first load (start-up.ts). */
const bundles = import.meta.glob<{ default: Record<string, unknown> }>(['./*.ts', '!./index.ts', '!./fr-FR.ts']);

/**
 * The paths of the locale files (their namespaces), known at build time
 * without making each file its own chunk: only URL strings are inlined (the
 * files are also emitted as never-fetched .json assets, the price of knowing
 * the paths without importing the files).
 */
const files = import.meta.glob<string>(
  [
    '/shared/*/locales/*.json',
    '/storefront/app/locales/*.json',
    '/storefront/features/*/locales/*.json',
    '@server/infrastructure/http/locales/*.json',
    '@server/infrastructure/modules/*/locales/*.json',
  ],
  { eager: true, query: '?url&no-inline', import: 'default' },
);

/** Same path keys as the bundles use, so a loader picks its file out of its language's bundle. */
const normalise = (path: string) => path.replace(/^(\.\.\/)+/, '/');

/**
 * What startI18n expects (path → loader), each loader reading its file out of
 * the one bundle of its language: the first load fetches the storefront's
 * texts in one file per language (the visitor's and the en-GB fallback), not
 * one per namespace. Files the dashboard imports too (common, api,
 * buyback-path) stay chunks of their own in the two-app build.
 */
export const STOREFRONT_LOCALES: LocaleModules = Object.fromEntries(
  Object.keys(files).map((path) => {
    const language = /([a-z]{2}-[A-Z]{2})\.json$/.exec(path)?.[1] as string;
    const load = async () => {
      const bundle = language === 'fr-FR' ? frenchTexts : (await bundles[`./${language}.ts`]!()).default;
      const found = Object.entries(bundle).find(([key]) => normalise(key) === normalise(path));
      return found ? found[1] : {};
    };
    return [path, load];
  }),
);
