import { ApiError, createApiClient } from '../../shared/api/client';
import { appAlerts } from './app-alerts';
import { sessionStore } from './session';
import { dashboardI18n } from './i18n';

/**
 * The dashboard's one API client: the session's token and module, the
 * interface language for the API's messages. A 401 on a signed-in call means
 * the session ended elsewhere (expired, revoked): the reconnect modal opens,
 * unless the session was never confirmed (a stale token at start-up, which the
 * route guard turns into a quiet trip to the login page).
 */
export const api = createApiClient({
  getToken: () => sessionStore.get()?.token ?? null,
  getModule: () => sessionStore.get()?.module ?? null,
  getLanguage: () => dashboardI18n.current?.language ?? 'fr-FR',
  onUnauthorized: () => {
    if (sessionConfirmed) appAlerts.showSessionExpired();
  },
});

let sessionConfirmed = false;

/** Called once /api/me answered for the current token; cleared on logout. */
export function markSessionConfirmed(confirmed: boolean): void {
  sessionConfirmed = confirmed;
}

export { ApiError };
