import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { buybackCreateRoutes } from '../features/buyback-create';
import { guard } from '../lib/auth';
import { PageSpinner, RootLayout } from './layouts/root-layout';
import { BASENAME, paths } from './paths';
import { RouteError } from './routes/route-error';

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
      {
        loader: guard(),
        lazy: () => import('./layouts/default-layout'),
        errorElement: <RouteError />,
        children: [
          { index: true, loader: () => redirect(paths.home) },
          { path: 'home', lazy: () => import('./routes/home') },
          { path: 'access-denied', lazy: () => import('./routes/access-denied') },
          { path: '404', lazy: () => import('./routes/not-found') },
          { path: 'buybacks', loader: guard('buyback.list'), lazy: () => import('./routes/buybacks') },
          { path: 'buyback/:id', loader: guard('buyback.read'), lazy: () => import('./routes/buyback') },
          { id: 'buyback-create', loader: guard('buyback.create'), children: buybackCreateRoutes },
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: BASENAME });
