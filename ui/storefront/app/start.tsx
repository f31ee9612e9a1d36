import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { loadFallbackLanguageWhenIdle } from '../../shared/i18n';
import { refreshCatalogTextsOnLanguageChange } from '../../shared/buyback-path/catalog-language';
import { AppProvider, createQueryClient } from './provider';
import { createStorefrontRouter } from './router';
import { retailerLanguageIfNoneChosen, startUp } from './start-up';
import { storefrontHomePage } from '../lib/home-page';

/**
 * The storefront application. The configuration and the texts are usually
 * ready by now (main.ts starts them first); the router starts once the
 * configuration is known, so the first render is the page itself.
 */
async function render() {
  const { configuration, texts } = startUp();
  const router = createStorefrontRouter(await configuration);
  // On the home, its widgets are part of the first paint (asked for with the configuration): nothing moves in after it.
  if (window.location.pathname === '/') await storefrontHomePage();
  const i18n = await texts;
  const queryClient = createQueryClient();
  refreshCatalogTextsOnLanguageChange(i18n, queryClient);
  void retailerLanguageIfNoneChosen().then((language) => {
    if (language && language !== i18n.language) void i18n.changeLanguage(language);
  });
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <AppProvider i18n={i18n} queryClient={queryClient}>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </AppProvider>
    </StrictMode>,
  );
  loadFallbackLanguageWhenIdle(i18n);
}

void render();
