import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { DEFAULT_LANGUAGE, startI18n, storedLanguage } from '../../shared/i18n';
import { STOREFRONT_LOCALES } from './locale-bundles';
// French, the default language, ships in the entry: a first visit paints without waiting for a text download.
import frenchTexts from './locale-bundles/fr-FR';
import { AppProvider, createQueryClient } from './provider';
import { createStorefrontRouter } from './router';
import { retailerLanguageIfNoneChosen, whiteLabelConfiguration } from './start-up';

// Three things in parallel: the configuration, the texts, and (the router starts its first
// navigation at once) the current page's code.
void whiteLabelConfiguration();
const texts = startI18n(STOREFRONT_LOCALES, storedLanguage() ?? DEFAULT_LANGUAGE, { language: 'fr-FR', files: frenchTexts });
const router = createStorefrontRouter();

async function render() {
  const i18n = await texts;
  void retailerLanguageIfNoneChosen().then((language) => {
    if (language && language !== i18n.language) void i18n.changeLanguage(language);
  });
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <AppProvider i18n={i18n} queryClient={createQueryClient()}>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </AppProvider>
    </StrictMode>,
  );
}

void render();
