// The design system's global styles, as a stylesheet the HTML links (ui/build/design-system-css.ts).
import 'virtual:design-system.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_LANGUAGE, loadFallbackLanguageOnMissingText, startI18n, storedLanguage } from '../../shared/i18n';
import { refreshCatalogTextsOnLanguageChange } from '../../shared/buyback-path/catalog-language';
import { nextTask } from '../../shared/next-task';
import { designSystemInSteps } from '../../shared/theme/system';
import { refetchMeOnLanguageChange } from '../lib/auth';
import { queryClient } from '../lib/query-client';
import { textsStarted } from '../lib/i18n';
import { App } from './app';
import { DASHBOARD_LOCALES, FIRST_LOAD_NAMESPACES, frenchTexts } from './locale-bundles';

// Texts: one bundle per language, French (the default) in this first load, the public pages' only; the signed-in
// layout loads the others (app/locale-bundles, app/router.tsx).
startI18n(DASHBOARD_LOCALES, storedLanguage() ?? DEFAULT_LANGUAGE, { language: 'fr-FR', files: frenchTexts }, FIRST_LOAD_NAMESPACES).then(async (i18n) => {
  loadFallbackLanguageOnMissingText(i18n);
  textsStarted(i18n);
  refetchMeOnLanguageChange(i18n);
  refreshCatalogTextsOnLanguageChange(i18n, queryClient);
  // The design system made beforehand in eight tasks, not in one long one inside the first render (ui/build/chakra-lazy-global.ts).
  await designSystemInSteps('dashboard', nextTask);
  // A transition: React renders the first page in slices of a few milliseconds instead of one long task (total blocking time).
  startTransition(() => {
    createRoot(document.getElementById('root') as HTMLElement).render(
      <StrictMode>
        <App i18n={i18n} />
      </StrictMode>,
    );
  });
});
