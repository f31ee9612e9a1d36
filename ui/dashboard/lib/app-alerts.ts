import { useSyncExternalStore } from 'react';
import type { ApiError } from '../../shared/api/client.js';
import { paths } from '../app/paths.js';

/**
 * The two app-wide modals of the specification: the server error modal and
 * the session-expired (401) reconnect modal. Anything may raise them (the API
 * client, a query, a command); the root layout shows them.
 */
/** The routes a server error's button may go to by name (specification 002 §3 "Error state": redirectToRoute). */
export const NAMED_ROUTES = { home: paths.home, buybacks: paths.buybacks, buybackCreate: paths.buybackCreate } as const;
export type NamedRoute = keyof typeof NAMED_ROUTES;

/**
 * The error state of specification 002 §3 (code and response in `error`):
 * the button goes home (`goHome`), reloads the page (`reloadPage`, a screen
 * could not load) or goes to a named route (`redirectToRoute`), else just
 * closes; `message` replaces the server's, and `hideGenericMessage` drops the
 * generic prefix before it.
 */
export interface ServerErrorAlert {
  error: ApiError;
  reloadPage: boolean;
  goHome?: boolean;
  redirectToRoute?: NamedRoute | null;
  message?: string | null;
  hideGenericMessage?: boolean;
}

/** How long the display flag stays up once an error raised the modal (specification 000 §8, 002 §4). */
export const ERROR_DISPLAY_FLAG_MS = 3_000;

interface AlertsState {
  serverError: ServerErrorAlert | null;
  sessionExpired: boolean;
}

let state: AlertsState = { serverError: null, sessionExpired: false };
/**
 * Until when the display flag is up (epoch ms): an error raised the modal
 * less than ERROR_DISPLAY_FLAG_MS ago, so a burst of failures (a screen's
 * several queries failing at once, a retry loop) gives one modal, not one
 * after another as each is closed.
 */
let displayFlagUntil = 0;
let now = () => Date.now();
const listeners = new Set<() => void>();

function update(next: Partial<AlertsState>): void {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
}

export const appAlerts = {
  get: (): AlertsState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  showServerError(alert: ServerErrorAlert): void {
    // The session modal wins: a 5xx behind it is not worth a second modal.
    if (state.sessionExpired || state.serverError || now() < displayFlagUntil) return;
    displayFlagUntil = now() + ERROR_DISPLAY_FLAG_MS;
    update({ serverError: alert });
  },
  clearServerError(): void {
    update({ serverError: null });
  },
  showSessionExpired(): void {
    update({ sessionExpired: true, serverError: null });
  },
  clearSessionExpired(): void {
    update({ sessionExpired: false });
  },
  /** Whether the display flag is up (an error raised the modal less than ERROR_DISPLAY_FLAG_MS ago). */
  displayFlagRaised: (): boolean => now() < displayFlagUntil,
  /** Tests: the clock the display flag reads, and a fresh start. */
  useClock(clock: () => number): void {
    now = clock;
    displayFlagUntil = 0;
    state = { serverError: null, sessionExpired: false };
  },
};

export function useAppAlerts(): AlertsState {
  return useSyncExternalStore(appAlerts.subscribe, appAlerts.get);
}
