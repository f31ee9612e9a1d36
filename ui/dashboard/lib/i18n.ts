import type { i18n as I18n } from 'i18next';

/** The i18next instance, once started by main.tsx (the API client reads its language). */
export const dashboardI18n: { current: I18n | null } = { current: null };

let started: (i18n: I18n) => void = () => {};

/** The same instance, for what may run before it is started (a lazy route's loading starts as the router is made). */
export const dashboardTexts: Promise<I18n> = new Promise((resolve) => {
  started = resolve;
});

/** Called by main.tsx once i18next is started. */
export function textsStarted(i18n: I18n): void {
  dashboardI18n.current = i18n;
  started(i18n);
}
