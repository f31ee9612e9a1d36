import type { LocaleModules } from '../../../shared/i18n';
import { twoPartFrenchTexts } from '../../../shared/i18n/locale-bundles';
import frenchTexts from './fr-FR';

/** The other languages' bundles, loaded on demand; French, the default, is part of the first load (app/main.tsx). */
const bundles = import.meta.glob<{ default: Record<string, unknown> }>(['./*.ts', '!./index.ts', '!./fr-FR.ts', '!./fr-FR-on-demand.ts']);

/**
 * The paths of the dashboard's locale files (their namespaces): this app's
 * own (app/locales → "app"), each feature's (features/<feature>/locales →
 * "<feature>"), the shared ones ("common" and shared modules such as the
 * buyback path) and the API's error messages, the core's and each part's
 * ("api", build/api-texts.ts). Only URL strings are inlined (the files are
 * also emitted as never-fetched .json assets, the price of knowing the paths
 * without importing the files).
 */
const files = import.meta.glob<string>(
  [
    '/dashboard/app/locales/*.json',
    '/dashboard/features/*/locales/*.json',
    '/shared/*/locales/*.json',
    '@server/infrastructure/http/locales/*.json',
    '@server/infrastructure/modules/*/locales/*.json',
  ],
  { eager: true, query: '?url&no-inline', import: 'default' },
);

/**
 * Each language's texts in one file; in French, the first load's
 * (FIRST_LOAD_NAMESPACES, fr-FR.ts) and the others' (fr-FR-on-demand.ts,
 * loaded with the signed-in layout: DASHBOARD_NAMESPACES).
 */
const texts = twoPartFrenchTexts(Object.keys(files), frenchTexts, () => import('./fr-FR-on-demand'), bundles);
export const DASHBOARD_LOCALES: LocaleModules = texts.modules;
export const FIRST_LOAD_NAMESPACES = texts.firstNamespaces;
export const DASHBOARD_NAMESPACES = texts.namespaces;
export { frenchTexts };
