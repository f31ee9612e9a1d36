import type { RouteObject } from 'react-router';

/**
 * Single sign-on's public pages: the provider sends the browser back to the
 * callback (also spelled /openid/…), and the logout that ends at the
 * provider's logout when it has one.
 */
export const publicRoutes: RouteObject[] = [
  { path: 'open-id/:organizationId/callback', lazy: () => import('./callback-page') },
  { path: 'openid/:organizationId/callback', lazy: () => import('./callback-page') },
  { path: 'open-id/logout', lazy: () => import('./logout-page') },
];
