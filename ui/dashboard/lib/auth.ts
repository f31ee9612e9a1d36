import type { MeView } from '@server/application/organizations/organization-views';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useSyncExternalStore } from 'react';
import { redirect } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { meKeys } from '../../shared/api/query-keys';
import { api, markSessionConfirmed } from './api-client';
import { clearTenantBranding } from './branding';
import { queryClient } from './query-client';
import { sessionStore, type Session } from './session';
import { BASENAME, paths } from '../app/paths';

/** GET /api/me: the user, their modules, the permissions of the current module, their organization, tenant and menu. */
export type Me = MeView;

/** A permission `<part>.<action>`, as /api/me lists the user's (the matrix is the server's). */
export type Permission = Me['permissions'][number];

/** GET /api/me in the current module. Its menu's labels are in the interface language: the layout refetches it when the language changes. */
export const meQueryOptions = (module: string | null) =>
  queryOptions({
    queryKey: meKeys.current(module),
    queryFn: ({ signal }) => api.get<Me>('/me', { signal }),
    staleTime: Infinity,
    meta: { handlesServerError: true },
  });

/** The menu's labels are translated by the API in the interface language: a new language asks /api/me again (the screen keeps the old one meanwhile). */
export function refetchMeOnLanguageChange(i18n: I18n): void {
  i18n.on('languageChanged', () => void queryClient.invalidateQueries({ queryKey: meKeys.all }));
}

/** The module of a store's staff (X-Module: tim): the only one working for a store, so the only one that registers buybacks. */
export const STORE_MODULE = 'tim';

export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}

/** The signed-in user; only under the signed-in layout, whose loader has loaded it. */
export function useMe(): Me {
  const session = useSession();
  return useSuspenseQuery(meQueryOptions(session?.module ?? null)).data;
}

export function hasPermission(me: Me, permission: Permission): boolean {
  return me.permissions.includes(permission);
}

export function useCan(): (permission: Permission) => boolean {
  const me = useMe();
  return (permission) => hasPermission(me, permission);
}

/** The path inside the app (no basename) of a request, to come back to after login. */
function appPathOf(request: Request): string {
  const url = new URL(request.url);
  const path = url.pathname.startsWith(BASENAME) ? url.pathname.slice(BASENAME.length) || '/' : url.pathname;
  return `${path}${url.search}`;
}

export function loginRedirect(backTo: string | null): string {
  return backTo && backTo !== paths.login && backTo !== '/' ? `${paths.login}?redirectTo=${encodeURIComponent(backTo)}` : paths.login;
}

/** Only paths inside the dashboard are followed after login. */
export function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : paths.home;
}

/** Ends the session here (the server session is ended by the caller when it still exists). */
export function forgetSession(): void {
  sessionStore.set(null);
  markSessionConfirmed(false);
  queryClient.clear();
  clearTenantBranding();
}

/** The route guard: no token, to login (remembering where to come back); a missing permission, home. */
export async function requireUser(request: Request, permission?: Permission): Promise<Me> {
  const session = sessionStore.get();
  if (!session) throw redirect(loginRedirect(appPathOf(request)));
  let me: Me;
  try {
    me = await queryClient.ensureQueryData(meQueryOptions(session.module));
  } catch (error) {
    // A token that no longer opens a session, or a module taken away: sign in again.
    if (error instanceof ApiError && (error.status === 401 || error.code === 'MODULE_NOT_ALLOWED')) {
      forgetSession();
      throw redirect(loginRedirect(appPathOf(request)));
    }
    // The API cannot be reached: the dashboard cannot start.
    if (error instanceof ApiError && error.isServerError) throw redirect(paths.notAvailable);
    throw error;
  }
  markSessionConfirmed(true);
  if (permission && !hasPermission(me, permission)) throw redirect(paths.home);
  return me;
}

export const guard = (permission?: Permission) => async ({ request }: { request: Request }) => {
  await requireUser(request, permission);
  return null;
};

let leaving = false;

/** True while the app itself ends the session and heads for `to`: the signed-in layout then waits, without redirecting on its own. */
export function isLeavingSession(): boolean {
  return leaving;
}

/** Forgets the session here, then goes to `to` (the login page, with or without a way back). */
export async function leaveSession(navigate: (to: string, options: { replace: boolean }) => void | Promise<void>, to: string): Promise<void> {
  leaving = true;
  try {
    forgetSession();
    await navigate(to, { replace: true });
  } finally {
    leaving = false;
  }
}

/**
 * Logout: the server session ends, then this one, and the user is on the
 * login page; a session opened by single sign-on then ends at the identity
 * provider too, when it has a logout (GET /api/open-id/logout answers it).
 */
export async function logout(navigate: Parameters<typeof leaveSession>[0]): Promise<void> {
  let providerLogout: string | null = null;
  if (sessionStore.get()) {
    providerLogout = await api.get<{ url: string | null }>('/open-id/logout').then((answer) => answer.url, () => null);
    await api.post('/logout').catch(() => undefined);
  }
  await leaveSession(navigate, paths.login);
  if (providerLogout) window.location.assign(providerLogout);
}

/** "Log in as": another module of the same user. The whole app restarts in it, on the home page. */
export function switchModule(module: string): void {
  const session = sessionStore.get();
  if (!session || session.module === module) return;
  sessionStore.set({ ...session, module });
  window.location.assign(`${BASENAME}${paths.home}`);
}
