import type { DehydratedState } from '@tanstack/react-query';
import { rememberLanguage, storedLanguage, type Language } from '../../shared/i18n';
import type { StorefrontHomePage } from '../lib/home-page';
import type { WhiteLabelConfig } from '../lib/white-label';

/** The element the server rendering writes the page's data into (JSON, never run: the CSP allows no inline script). */
export const SERVER_STATE_ID = 'storefront-state';

/**
 * What the server rendered the page with (app/server.tsx): the browser starts
 * from the same, so that its first render is the server's HTML (hydrated,
 * with no request for what the page already holds).
 */
export interface ServerState {
  language: Language;
  configuration: WhiteLabelConfig;
  /** The retailer's home page, on the home (undefined elsewhere). */
  homePage?: StorefrontHomePage | null;
  /** The page's queries, answered on the server. */
  queries: DehydratedState;
}

let read: ServerState | null | undefined;

/**
 * The server-rendered page's state, or null when the page came without one,
 * or in another language than the one this browser keeps (chosen before the
 * language cookie told the server): the browser then renders the page alone,
 * in its own language, as it did before server rendering.
 */
export function serverState(): ServerState | null {
  if (read === undefined) {
    const text = typeof document === 'undefined' ? null : document.getElementById(SERVER_STATE_ID)?.textContent;
    const state = text ? (JSON.parse(text) as ServerState) : null;
    const stored = storedLanguage();
    read = state && (!stored || stored === state.language) ? state : null;
    if (text && !read && stored) rememberLanguage(stored);
  }
  return read;
}

/** The state as a script element's text: `<` escaped, so no text of the data can close the element. */
export function serializeServerState(state: ServerState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
