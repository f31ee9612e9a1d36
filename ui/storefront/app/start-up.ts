import type { i18n as I18n } from 'i18next';
import { restoreCart } from '../../shared/buyback-path/cart-store';
import { DEFAULT_LANGUAGE, isLanguage, startI18n, storedLanguage } from '../../shared/i18n';
import { applyBranding } from '../../shared/theme/branding';
import { anonymousSession, publicApi } from '../lib/api';
import { loadWhiteLabelConfig, type WhiteLabelConfig } from '../lib/white-label';
import { primeHomePage, storefrontHomePage } from '../lib/home-page';
import { serverState } from './server-state';
import { FIRST_LOAD_NAMESPACES, STOREFRONT_LOCALES } from './locale-bundles';
// French, the default language, ships with the start-up: a first visit paints without waiting for a text download.
import frenchTexts from './locale-bundles/fr-FR';

/**
 * Start-up (specification 000): the white-label configuration must answer
 * 200, else /not-available; then the branding, the visitor's anonymous token
 * (asked for when none is stored, renewed on a 401) and the cart kept in local
 * storage (30 days). The configuration is asked for once (index.html even
 * preloads it), and so are the texts.
 *
 * This module stays light (no React rendering, no router): the entry
 * (main.ts) runs it as soon as its own files are there, while the rest of the
 * storefront still downloads.
 */
let configuration: Promise<WhiteLabelConfig | null> | null = null;
let texts: Promise<I18n> | null = null;

export function whiteLabelConfiguration(): Promise<WhiteLabelConfig | null> {
  // A server-rendered page holds the configuration it was rendered with.
  const rendered = serverState();
  configuration ??= (rendered ? Promise.resolve(rendered.configuration) : loadWhiteLabelConfig(publicApi)).then((config) => {
    if (config) {
      applyBranding({ name: config.name, mainColor: config.mainColor, secondaryColor: config.secondaryColor, logo: config.logo, favicon: config.favicon });
      void anonymousSession.start(config.accountId);
      restoreCart('storefront', config.accountId);
    }
    return config;
  });
  return configuration;
}

/**
 * i18next, started in the visitor's language (French until they choose, or the retailer's language applies);
 * on a server-rendered page, in the page's language. With the first load's namespaces only: a page
 * needing another loads it with its module (lib/lazy-page.ts).
 */
export function storefrontTexts(): Promise<I18n> {
  texts ??= startI18n(
    STOREFRONT_LOCALES,
    serverState()?.language ?? storedLanguage() ?? DEFAULT_LANGUAGE,
    { language: 'fr-FR', files: frenchTexts },
    FIRST_LOAD_NAMESPACES,
  );
  return texts;
}

/** Everything the first page needs from the start-up, started in parallel. */
export function startUp(): { configuration: Promise<WhiteLabelConfig | null>; texts: Promise<I18n> } {
  // Landing on the home: its widgets (the retailer's home page) in parallel with the configuration.
  const rendered = serverState();
  if (rendered?.homePage !== undefined) primeHomePage(rendered.homePage);
  else if (window.location.pathname === '/') void storefrontHomePage();
  return { configuration: whiteLabelConfiguration(), texts: storefrontTexts() };
}

/** The retailer's language, for a visitor who never chose one (the texts start in French meanwhile). */
export async function retailerLanguageIfNoneChosen(): Promise<string | null> {
  if (storedLanguage()) return null;
  const config = await whiteLabelConfiguration();
  return config && isLanguage(config.language) ? config.language : null;
}
