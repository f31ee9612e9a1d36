import { CacheProvider } from '@emotion/react';
import { hydrate } from '@tanstack/react-query';
import { startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { loadFallbackLanguageOnMissingText } from '../../shared/i18n';
import { refreshCatalogTextsOnLanguageChange } from '../../shared/buyback-path/catalog-language';
import { browserStyleCache } from './browser-styles';
import { createQueryClient, StorefrontRoot } from './provider';
import { createHydratingStorefrontRouter, createStorefrontRouter } from './router';
import { serverState } from './server-state';
import { retailerLanguageIfNoneChosen, startUp } from './start-up';
import { storefrontHomePage } from '../lib/home-page';
import { nextTask } from '../../shared/next-task';

/**
 * The storefront application. The configuration and the texts are usually
 * ready by now (main.ts starts them first); the router starts once the
 * configuration is known, so the first render is the page itself. A page the
 * server rendered (app/server.tsx) is hydrated: the browser starts from the
 * server's data (configuration, texts' language, the page's queries) and its
 * first render is the server's HTML.
 */
async function render() {
  const { configuration, texts } = startUp();
  const rendered = serverState();
  const config = await configuration;
  const router = rendered && config ? await createHydratingStorefrontRouter(config) : createStorefrontRouter(config);
  // On the home, its widgets are part of the first paint (asked for with the configuration): nothing moves in after it.
  if (window.location.pathname === '/') await storefrontHomePage();
  const i18n = await texts;
  await nextTask();
  const queryClient = createQueryClient();
  if (rendered) hydrate(queryClient, rendered.queries);
  refreshCatalogTextsOnLanguageChange(i18n, queryClient);
  // The styles' cache knows the server's rules (app/browser-styles.ts); the server renders the same tree in a cache of its own.
  const application = (
    <CacheProvider value={browserStyleCache()}>
      <StorefrontRoot i18n={i18n} queryClient={queryClient}>
        <RouterProvider router={router} />
        <MarkInteractive />
      </StorefrontRoot>
    </CacheProvider>
  );
  const root = document.getElementById('root') as HTMLElement;
  // A transition: React renders (or hydrates) the first page in slices of a few milliseconds, yielding in between,
  // instead of one long task that blocks the main thread (Lighthouse's total blocking time).
  startTransition(() => {
    if (rendered) hydrateRoot(root, application);
    else createRoot(root).render(application);
  });
  void retailerLanguageIfNoneChosen().then((language) => {
    if (language && language !== i18n.language) void i18n.changeLanguage(language);
  });
  loadFallbackLanguageOnMissingText(i18n);
}

/**
 * `<html data-interactive>` once the first page answers to the visitor (hydrated, or rendered by the browser): before it, a
 * server-rendered page shows but its fields and buttons do nothing but the browser's own (a form's submission). The browser
 * tests wait for it before they type.
 */
function MarkInteractive() {
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
  }, []);
  return null;
}

void render();
