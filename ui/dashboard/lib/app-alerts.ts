import { useSyncExternalStore } from 'react';
import type { ApiError } from '../../shared/api/client';

/**
 * The two app-wide modals of the specification: the server error modal and
 * the session-expired (401) reconnect modal. Anything may raise them (the API
 * client, a query, a command); the root layout shows them.
 */
export interface ServerErrorAlert {
  error: ApiError;
  /** The button reloads the page (a screen could not load) rather than just closing. */
  reloadPage: boolean;
}

interface AlertsState {
  serverError: ServerErrorAlert | null;
  sessionExpired: boolean;
}

let state: AlertsState = { serverError: null, sessionExpired: false };
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
    if (!state.sessionExpired && !state.serverError) update({ serverError: alert });
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
};

export function useAppAlerts(): AlertsState {
  return useSyncExternalStore(appAlerts.subscribe, appAlerts.get);
}
