import type { LocaleModules } from '../../../shared/i18n';
import { namespaceOf } from '../../../shared/i18n/namespaces';
import { bundledLocaleModules } from '../../../shared/i18n/locale-bundles';
import frenchTexts from './fr-FR';

/** The other languages' bundles, loaded on demand; French, the default, is part of the first load (start-up.ts). */
const bundles = import.meta.glob<{ default: Record<string, unknown> }>(['./*.ts', '!./index.ts', '!./fr-FR.ts', '!./fr-FR-on-demand.ts']);

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

/** The namespaces of the first load's French texts (fr-FR.ts): i18next starts with these, in any language. */
export const FIRST_LOAD_NAMESPACES: readonly string[] = [
  ...new Set(Object.keys(frenchTexts).flatMap((path) => namespaceOf(path)?.namespace ?? [])),
];

/**
 * What startI18n expects (path → loader), each loader reading its file out of
 * the one bundle of its language (shared/i18n/locale-bundles.ts): a visitor
 * in another language than French fetches the storefront's texts in one file,
 * not one per namespace (the en-GB fallback only if a text is missing). In
 * French, a namespace not in the first load comes from the on-demand file.
 */
export const STOREFRONT_LOCALES: LocaleModules = bundledLocaleModules(Object.keys(files), async (language, path) => {
  if (language !== 'fr-FR') return (await bundles[`./${language}.ts`]!()).default;
  return FIRST_LOAD_NAMESPACES.includes(namespaceOf(path)?.namespace ?? '') ? frenchTexts : (await import('./fr-FR-on-demand')).default;
});
