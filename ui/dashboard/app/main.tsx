// The design system's global styles, as a stylesheet the HTML links (ui/build/design-system-css.ts).
import 'virtual:design-system.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_LANGUAGE, startI18n, storedLanguage } from '../../shared/i18n';
import { refreshCatalogTextsOnLanguageChange } from '../../shared/buyback-path/catalog-language';
import { refetchMeOnLanguageChange } from '../lib/auth';
import { queryClient } from '../lib/query-client';
import { dashboardI18n } from '../lib/i18n';
import { App } from './app';

/**
 * Texts: this app's own (app/locales → "app"), each feature's
 * (features/<feature>/locales → "<feature>"), the shared ones ("common" and
 * shared modules such as the buyback path) and the API's error messages, the
 * core's and each part's ("api", build/api-texts.ts).
 */
const locales = import.meta.glob([
  '/dashboard/app/locales/*.json',
  '/dashboard/features/*/locales/*.json',
  '/shared/*/locales/*.json',
  '@server/infrastructure/http/locales/*.json',
  '@server/infrastructure/modules/*/locales/*.json',
]);

startI18n(locales, storedLanguage() ?? DEFAULT_LANGUAGE).then((i18n) => {
  dashboardI18n.current = i18n;
  refetchMeOnLanguageChange(i18n);
  refreshCatalogTextsOnLanguageChange(i18n, queryClient);
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App i18n={i18n} />
    </StrictMode>,
  );
});
