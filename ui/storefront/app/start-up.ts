import { redirect } from 'react-router';
import { restoreCart } from '../../shared/buyback-path/cart-store';
import { isLanguage, storedLanguage } from '../../shared/i18n';
import { applyBranding } from '../../shared/theme/branding';
import { anonymousSession, publicApi } from '../lib/api';
import { loadWhiteLabelConfig, type WhiteLabelConfig } from '../lib/white-label';
import { paths } from './paths';

/**
 * Start-up (specification 000): the white-label configuration must answer
 * 200, else /not-available; then the branding, the visitor's anonymous token
 * (asked for when none is stored, renewed on a 401) and the cart kept in local
 * storage (30 days). The configuration is asked for once, as soon as the page
 * runs (index.html even preloads it), while the page's code and texts load.
 */
let configuration: Promise<WhiteLabelConfig | null> | null = null;

export function whiteLabelConfiguration(): Promise<WhiteLabelConfig | null> {
  configuration ??= loadWhiteLabelConfig(publicApi).then((config) => {
    if (config) {
      applyBranding({ name: config.name, mainColor: config.mainColor, logo: config.logo, favicon: config.favicon });
      void anonymousSession.start(config.accountId);
      restoreCart('storefront', config.accountId);
    }
    return config;
  });
  return configuration;
}

/** The loader of every configured page: the configuration, or the way to /not-available. */
export async function configuredLoader(): Promise<WhiteLabelConfig> {
  const config = await whiteLabelConfiguration();
  if (!config) throw redirect(paths.notAvailable.to());
  return config;
}

/** The retailer's language, for a visitor who never chose one (the texts start in French meanwhile). */
export async function retailerLanguageIfNoneChosen(): Promise<string | null> {
  if (storedLanguage()) return null;
  const config = await whiteLabelConfiguration();
  return config && isLanguage(config.language) ? config.language : null;
}
