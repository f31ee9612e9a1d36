import { useSyncExternalStore } from 'react';
import { createDisplayFlag, ERROR_DISPLAY_FLAG_MS, type ServerErrorAlert as SharedServerErrorAlert } from '../../shared/api/server-error-alert.js';
import { paths } from '../app/paths.js';

/**
 * The two app-wide modals of the specification: the server error modal and
 * the session-expired (401) reconnect modal. Anything may raise them (the API
 * client, a query, a command); the root layout shows them.
 */
/** The routes a server error's button may go to by name (specification 002 §3 "Error state": redirectToRoute). */
export const NAMED_ROUTES = { home: paths.home, buybacks: paths.buybacks, buybackCreate: paths.buybackCreate } as const;
export type NamedRoute = keyof typeof NAMED_ROUTES;

/** The error state of specification 002 §3, its button's named routes the dashboard's. */
export type ServerErrorAlert = SharedServerErrorAlert<NamedRoute>;
export { ERROR_DISPLAY_FLAG_MS };

interface AlertsState {
  serverError: ServerErrorAlert | null;
  sessionExpired: boolean;
}

let state: AlertsState = { serverError: null, sessionExpired: false };
const displayFlag = createDisplayFlag();
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
    if (state.sessionExpired || state.serverError || !displayFlag.raise()) return;
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
  displayFlagRaised: (): boolean => displayFlag.raised(),
  /** Tests: the clock the display flag reads, and a fresh start. */
  useClock(clock: () => number): void {
    displayFlag.useClock(clock);
    state = { serverError: null, sessionExpired: false };
  },
};

export function useAppAlerts(): AlertsState {
  return useSyncExternalStore(appAlerts.subscribe, appAlerts.get);
}
