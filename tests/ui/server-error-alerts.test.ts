import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../ui/shared/api/client.js';
import { appAlerts, ERROR_DISPLAY_FLAG_MS, NAMED_ROUTES } from '../../ui/dashboard/lib/app-alerts.js';

/** The dashboard's server error modal state (specification 000 §8, 002 §3–4): its options and the 3,000 ms display flag. */
let clock = 1_000_000;
const serverError = (code = 'INTERNAL_ERROR') => new ApiError(500, code, 'boom');

beforeEach(() => {
  clock = 1_000_000;
  appAlerts.useClock(() => clock);
});

describe('Given a server error raising the modal', () => {
  it('then it is shown with the options its caller chose: home, a named route, its own message without the generic prefix', () => {
    appAlerts.showServerError({ error: serverError(), reloadPage: false, goHome: true, redirectToRoute: 'buybacks', message: 'Tell your administrator.', hideGenericMessage: true });
    expect(appAlerts.get().serverError).toMatchObject({ goHome: true, redirectToRoute: 'buybacks', message: 'Tell your administrator.', hideGenericMessage: true });
    expect(NAMED_ROUTES.buybacks).toBe('/buybacks');
  });

  it('then the display flag stays up 3,000 ms: errors in that time raise no second modal, even once the first is closed', () => {
    appAlerts.showServerError({ error: serverError('FIRST'), reloadPage: true });
    appAlerts.showServerError({ error: serverError('SECOND'), reloadPage: true });
    expect(appAlerts.get().serverError?.error.code).toBe('FIRST');
    appAlerts.clearServerError();
    clock += ERROR_DISPLAY_FLAG_MS - 1;
    expect(appAlerts.displayFlagRaised()).toBe(true);
    appAlerts.showServerError({ error: serverError('THIRD'), reloadPage: false });
    expect(appAlerts.get().serverError).toBeNull();
    clock += 1;
    expect(appAlerts.displayFlagRaised()).toBe(false);
    appAlerts.showServerError({ error: serverError('FOURTH'), reloadPage: false });
    expect(appAlerts.get().serverError?.error.code).toBe('FOURTH');
  });

  it('then a session that expired wins over it', () => {
    appAlerts.showSessionExpired();
    appAlerts.showServerError({ error: serverError(), reloadPage: true });
    expect(appAlerts.get()).toMatchObject({ sessionExpired: true, serverError: null });
  });
});
