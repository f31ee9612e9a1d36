import type { LocaleModules } from '../../../shared/i18n';
import { bundledLocaleModules } from '../../../shared/i18n/locale-bundles';
import frenchTexts from './fr-FR';

/** The other languages' bundles, loaded on demand; French, the default, is part of the first load (app/main.tsx). */
const bundles = import.meta.glob<{ default: Record<string, unknown> }>(['./*.ts', '!./index.ts', '!./fr-FR.ts']);

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

/** Each language's texts in one file, French in the dashboard's first load. */
export const DASHBOARD_LOCALES: LocaleModules = bundledLocaleModules(Object.keys(files), async (language) =>
  language === 'fr-FR' ? frenchTexts : (await bundles[`./${language}.ts`]!()).default,
);
export { frenchTexts };
