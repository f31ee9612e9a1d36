import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { guard } from '../lib/auth';
import { dashboardTexts } from '../lib/i18n';
import { DASHBOARD_NAMESPACES } from './locale-bundles';
import { PageSpinner, RootLayout } from './layouts/root-layout';
import { BASENAME, paths } from './paths';
import { RouteError } from './routes/route-error';

/**
 * Each feature's screens (`features/<feature>/routes/index.tsx` exports its
 * `routes`, each behind its permission's guard), mounted under the signed-in
 * layout: a new part adds its folder, nothing here.
 */
const featureRoutes: RouteObject[] = Object.values(
  import.meta.glob<RouteObject[]>('../features/*/routes/index.tsx', { eager: true, import: 'routes' }),
).flat();

/**
 * Each feature's public pages, reachable without a session (lost password,
 * password renewal, the SSO callback): `features/<feature>/routes/public.tsx`
 * exports `publicRoutes`.
 */
const publicFeatureRoutes: RouteObject[] = Object.values(
  import.meta.glob<RouteObject[]>('../features/*/routes/public.tsx', { eager: true, import: 'publicRoutes' }),
).flat();

/**
 * A signed-in screen's texts: every namespace, loaded with the signed-in
 * layout's module (the first load holds the public pages' only,
 * app/locale-bundles/fr-FR.ts), so that no screen waits for its own.
 */
async function withEveryText<M>(module: Promise<M>): Promise<M> {
  const [loaded] = await Promise.all([module, dashboardTexts.then((i18n) => i18n.loadNamespaces([...DASHBOARD_NAMESPACES]))]);
  return loaded;
}

/**
 * Public pages (login, not available), then everything else behind the
 * signed-in layout, whose guard sends a visitor without a session to the
 * login page and remembers where they were going. A route needing a
 * permission the user lacks sends them home. Screens load lazily.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { path: 'login', lazy: () => import('./routes/login') },
      { path: 'not-available', lazy: () => import('./routes/not-available') },
      ...publicFeatureRoutes,
      {
        loader: guard(),
        lazy: () => withEveryText(import('./layouts/default-layout')),
        errorElement: <RouteError />,
        children: [
          // The loader always redirects; `element: null` says this route renders nothing (no "leaf route without an element" warning).
          { index: true, loader: () => redirect(paths.home), element: null },
          { path: 'home', lazy: () => import('./routes/home') },
          { path: 'access-denied', lazy: () => import('./routes/access-denied') },
          { path: '404', lazy: () => import('./routes/not-found') },
          ...featureRoutes,
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: BASENAME });
