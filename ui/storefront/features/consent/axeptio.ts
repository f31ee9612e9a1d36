import type { Purposes } from './consent-rules.js';

/**
 * The consent vendor the retailer chose (`axeptioId`, specification 000 §3):
 * Axeptio's SDK shows its own banner and keeps the choice; it tells us the
 * visitor's choice on each page load and on each change ("cookies:complete").
 * The vendors the retailer's Axeptio project names decide the purposes:
 * audience measurement when one of ANALYTICS_VENDORS is accepted, advertising
 * when one of ADVERTISING_VENDORS is.
 */
export const AXEPTIO_SDK_URL = 'https://static.axept.io/sdk.js';
export const ANALYTICS_VENDORS = ['google_tag_manager', 'gtm', 'google_analytics', 'analytics'] as const;
export const ADVERTISING_VENDORS = ['google_ads', 'facebook_pixel', 'advertising'] as const;

interface AxeptioSdk {
  on(event: 'cookies:complete', listener: (choices: Record<string, unknown>) => void): void;
}
declare global {
  interface Window {
    axeptioSettings?: { clientId: string; cookiesVersion?: string };
    _axcb?: Array<(sdk: AxeptioSdk) => void>;
    openAxeptioCookies?: () => void;
  }
}

/** The purposes of Axeptio's choices (a vendor's key true when accepted; `$$…` keys are its own bookkeeping). */
export function purposesOfVendorChoices(choices: Record<string, unknown>): Purposes {
  const accepted = (names: readonly string[]) => names.some((name) => choices[name] === true);
  return { analytics: accepted(ANALYTICS_VENDORS), advertising: accepted(ADVERTISING_VENDORS) };
}

let started = false;

/** Loads the SDK once; `onChoice` hears each choice the visitor makes or had made. */
export function startAxeptio(clientId: string, onChoice: (purposes: Purposes) => void): void {
  if (started) return;
  started = true;
  window.axeptioSettings = { clientId };
  window._axcb = window._axcb ?? [];
  window._axcb.push((sdk) => sdk.on('cookies:complete', (choices) => onChoice(purposesOfVendorChoices(choices))));
  const script = document.createElement('script');
  script.async = true;
  script.src = AXEPTIO_SDK_URL;
  document.head.appendChild(script);
}

/** The footer's "cookie settings": Axeptio's own panel. */
export function openAxeptio(): void {
  window.openAxeptioCookies?.();
}
