import type { RouteObject } from 'react-router';

/** The sign-in's public pages: lost password, a reset link, an invitation's first password (reachable without a session). */
export const publicRoutes: RouteObject[] = [
  { path: 'lostPassword', lazy: () => import('./lost-password') },
  { path: 'renew/:token', lazy: () => import('./renew-password') },
  { path: 'new/password', lazy: () => import('./first-password') },
];
