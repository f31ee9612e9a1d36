import type { i18n as I18n } from 'i18next';

/** The i18next instance, once started by main.tsx (the API client reads its language). */
export const dashboardI18n: { current: I18n | null } = { current: null };
