import type { Purposes } from './consent-rules';

/**
 * The retailer's tag manager (Google Tag Manager's snippet, written as code:
 * the storefront's CSP allows no inline script). Loaded only once audience
 * measurement is allowed; its address is the installation's
 * (`TAG_MANAGER_URL`, in the white-label configuration as `tagManagerUrl`),
 * so tests and other tag managers serve their own script.
 */
type DataLayer = Array<Record<string, unknown>>;
declare global {
  interface Window {
    dataLayer?: DataLayer;
  }
}

let loaded = false;

function dataLayer(): DataLayer {
  window.dataLayer = window.dataLayer ?? [];
  return window.dataLayer;
}

/** Adds the tag manager's script once, with the visitor's purposes as Google's consent mode states them. */
export function loadTagManager(scriptUrl: string, containerId: string, purposes: Purposes): void {
  if (loaded || !containerId.trim()) return;
  loaded = true;
  const layer = dataLayer();
  layer.push({
    event: 'consent_default',
    analytics_storage: purposes.analytics ? 'granted' : 'denied',
    ad_storage: purposes.advertising ? 'granted' : 'denied',
    ad_user_data: purposes.advertising ? 'granted' : 'denied',
    ad_personalization: purposes.advertising ? 'granted' : 'denied',
  });
  layer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  const url = new URL(scriptUrl, window.location.href);
  url.searchParams.set('id', containerId.trim());
  script.src = url.toString();
  document.head.appendChild(script);
}

export function tagManagerLoaded(): boolean {
  return loaded;
}

/** One page view, as the tag manager's custom event `page_view` (a trigger on it sends the retailer's measurement). */
export function sendPageView(path: string): void {
  if (!loaded) return;
  dataLayer().push({ event: 'page_view', page_path: path, page_location: window.location.href, page_title: document.title });
}

/** The measurement cookies Google's tags set (_ga, _gid, _gat…, _gcl…), erased when the visitor withdraws consent. */
export function forgetMeasurementCookies(): void {
  const names = document.cookie
    .split(';')
    .map((cookie) => cookie.split('=')[0]?.trim() ?? '')
    .filter((name) => /^(_ga|_gid|_gat|_gcl)/.test(name));
  const labels = window.location.hostname.split('.');
  const domains = labels.map((_, index) => labels.slice(index).join('.')).filter((domain) => domain.includes('.') || domain === 'localhost');
  for (const name of names) {
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    for (const domain of domains) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; domain=${domain}`;
  }
}
