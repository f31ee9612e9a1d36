import type { LocaleModules } from '../../../shared/i18n';
import { twoPartFrenchTexts } from '../../../shared/i18n/locale-bundles';
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

/**
 * What startI18n expects (path → loader), each loader reading its file out of
 * the one bundle of its language (shared/i18n/locale-bundles.ts): a visitor
 * in another language than French fetches the storefront's texts in one file,
 * not one per namespace (the en-GB fallback only if a text is missing). In
 * French, a namespace not in the first load (FIRST_LOAD_NAMESPACES, fr-FR.ts)
 * comes from the on-demand file.
 */
const texts = twoPartFrenchTexts(Object.keys(files), frenchTexts, () => import('./fr-FR-on-demand'), bundles);
export const STOREFRONT_LOCALES: LocaleModules = texts.modules;
export const FIRST_LOAD_NAMESPACES = texts.firstNamespaces;
