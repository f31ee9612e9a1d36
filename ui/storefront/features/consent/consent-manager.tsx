import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useWhiteLabel } from '../../lib/white-label';
import { consentMode, makeChoice, readChoice, reloadAfterSaving, writeChoice, type ConsentChoice, type Purposes } from './consent-rules';
import { pageViewOf } from './page-views';
import { forgetMeasurementCookies, loadTagManager, sendPageView, tagManagerLoaded } from './tag-manager';

/** The built-in banner's code (its texts, switches and buttons) comes only when it is shown: never in the first load. */
const ConsentBanner = lazy(() => import('./components/consent-banner'));

/** The footer's "cookie settings" link asks the manager to open the choice again. */
const OPEN_SETTINGS = 'storefront:consent-settings';
export function openConsentSettings(): void {
  window.dispatchEvent(new Event(OPEN_SETTINGS));
}

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/**
 * The visitor's consent and what follows from it (issue 24): the retailer's
 * consent vendor when it set `axeptioId`, else the built-in banner when it
 * set a tag manager (a site without a tracker asks nothing); the tag manager
 * once audience measurement is allowed; a page view on each route change but
 * the excluded routes. Renders nothing until the banner is needed (a fixed
 * layer over the page: nothing moves, no layout shift).
 */
export function ConsentManager() {
  const config = useWhiteLabel();
  const mode = consentMode(config);
  const [choice, setChoice] = useState<ConsentChoice | null>(() => (mode === 'built-in' ? readStoredChoice() : null));
  const [banner, setBanner] = useState<'closed' | 'first' | 'settings'>('closed');
  const lastPath = useRef<string | null>(null);
  const location = useLocation();

  const save = useCallback((purposes: Purposes) => {
    const previous = readStoredChoice();
    const next = makeChoice(purposes, new Date());
    const store = storage();
    if (store) writeChoice(store, next);
    setBanner('closed');
    if (reloadAfterSaving(previous, next)) {
      if (!next.purposes.analytics) forgetMeasurementCookies();
      window.location.reload();
      return;
    }
    setChoice(next);
  }, []);

  // The built-in banner: asked after the first paint, when no choice holds (none made, or made six months ago).
  useEffect(() => {
    if (mode !== 'built-in') return;
    if (!readStoredChoice()) setBanner('first');
    const open = () => setBanner('settings');
    window.addEventListener(OPEN_SETTINGS, open);
    return () => window.removeEventListener(OPEN_SETTINGS, open);
  }, [mode]);

  // The vendor's SDK, once the page is idle: its choice is mirrored to decide the tag manager and the reload.
  useEffect(() => {
    if (mode !== 'vendor' || !config.axeptioId) return;
    const clientId = config.axeptioId;
    const start = () =>
      void import('./axeptio').then(({ startAxeptio, openAxeptio }) => {
        startAxeptio(clientId, (purposes) => {
          const previous = readStoredChoice();
          if (previous && previous.purposes.analytics === purposes.analytics && previous.purposes.advertising === purposes.advertising) setChoice(previous);
          else save(purposes);
        });
        window.addEventListener(OPEN_SETTINGS, openAxeptio);
      });
    const idle = whenIdle(start);
    return idle;
  }, [mode, config.axeptioId, save]);

  // The tag manager, only with audience measurement allowed.
  useEffect(() => {
    if (choice?.purposes.analytics && config.tagManagerId) loadTagManager(config.tagManagerUrl, config.tagManagerId, choice.purposes);
  }, [choice, config.tagManagerId, config.tagManagerUrl]);

  // A page view per route change (after the page set its title), except on the excluded routes.
  useEffect(() => {
    if (!tagManagerLoaded()) return;
    const view = pageViewOf(location, lastPath.current);
    lastPath.current = `${location.pathname}${location.search}`;
    if (!view) return;
    const timer = window.setTimeout(() => sendPageView(view.path), 0);
    return () => window.clearTimeout(timer);
  }, [location, choice]);

  if (banner === 'closed') return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner initial={choice?.purposes ?? null} detailed={banner === 'settings'} onSave={save} onClose={banner === 'settings' ? () => setBanner('closed') : undefined} />
    </Suspense>
  );
}

function readStoredChoice(): ConsentChoice | null {
  const store = storage();
  return store ? readChoice(store, new Date()) : null;
}

/** Runs `task` when the browser is idle (or after a second), off the first paint's critical path; answers the cancel. */
function whenIdle(task: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 1000);
  return () => clearTimeout(timer);
}
