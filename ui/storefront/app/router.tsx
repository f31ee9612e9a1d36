import { Navigate, createBrowserRouter, matchRoutes, redirect, type RouteObject } from 'react-router';
import { cartCheckoutRoutes } from '../features/cart-checkout';
import { tunnelRoutes } from '../features/tunnel';
import { ConfiguredLayout } from './configured-layout';
import { paths, SERVER_RENDERED } from './paths';
import { RouteError } from './route-error';
// The landing page comes with the application's first download: a first visit paints it without a second round of downloads.
import { Component as HomePage } from './routes/home';
import type { WhiteLabelConfig } from '../lib/white-label';
import { whiteLabelConfiguration } from './start-up';
import { lazyPage } from '../lib/lazy-page';
import { nextTask } from '../../shared/next-task';

function NothingYet() {
  return null;
}

/** The loader of every configured page: the configuration, or the way to /not-available. */
async function configuredLoader(): Promise<WhiteLabelConfig> {
  const config = await whiteLabelConfiguration();
  if (!config) throw redirect(paths.notAvailable.to());
  return config;
}


/**
 * The storefront's routes (specification 000, section 2). The layout's
 * loader waits for the white-label configuration (or redirects to
 * /not-available) while the page's own module loads in parallel. Given the
 * configuration already loaded, the router starts with it as the layout's
 * data: a page in the entry (home) renders in the very first render, with no
 * loading state and no second render in between.
 */
export function createStorefrontRouter(configuration: WhiteLabelConfig | null = null) {
  return createBrowserRouter(storefrontRoutes(configuredLoader), configuration ? { hydrationData: { loaderData: { configured: configuration } } } : undefined);
}

/**
 * The router of a page the server rendered (app/server.tsx): the matched
 * pages' modules are loaded before the router starts, so that its first
 * render is the server's HTML (hydrated, not replaced by a fallback).
 */
export async function createHydratingStorefrontRouter(configuration: WhiteLabelConfig) {
  const routes = storefrontRoutes(configuredLoader);
  const matches = matchRoutes(routes, window.location) ?? [];
  // Matching the routes, running the page's module, then the router matching them again: three tasks, not one long one (app/main.ts).
  await nextTask();
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy === 'function') Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
  await nextTask();
  return createBrowserRouter(routes, { hydrationData: { loaderData: { configured: configuration } } });
}

/** The routes, with the configured pages' loader: the browser's (above), or the server rendering's (app/server.tsx), given the configuration. */
export function storefrontRoutes(loader: () => Promise<WhiteLabelConfig>): RouteObject[] {
  return [
    // Reached without the configuration, so with no loader data to start from: the router loads the page's
    // module before the first render, and needs something to show meanwhile.
    { path: paths.notAvailable.pattern, ...lazyPage(() => import('./routes/not-available')), errorElement: <RouteError />, HydrateFallback: NothingYet },
    {
      id: 'configured',
      loader,
      Component: ConfiguredLayout,
      errorElement: <RouteError />,
      // Nothing to show before the configuration and the page are there: the first paint is the page itself
      // (a component, not a null element, which React Router would take for a missing fallback).
      HydrateFallback: NothingYet,
      children: [
        { index: true, Component: HomePage, handle: SERVER_RENDERED },
        { path: paths.search.pattern, ...lazyPage(() => import('./routes/search')), handle: SERVER_RENDERED },
        { path: paths.results.pattern, ...lazyPage(() => import('./routes/results')), handle: SERVER_RENDERED },
        { path: paths.categories.pattern, ...lazyPage(() => import('./routes/categories')), handle: SERVER_RENDERED },
        { path: paths.category.pattern, ...lazyPage(() => import('./routes/category')), handle: SERVER_RENDERED },
        { path: paths.createBuyback.pattern, element: <Navigate to={paths.search.to()} replace /> },
        { path: paths.priceProposalAccept.pattern, ...lazyPage(() => import('./routes/price-proposal'), 'Component', ['price-proposal', 'api']) },
        { path: paths.priceProposalReject.pattern, ...lazyPage(() => import('./routes/price-proposal'), 'Component', ['price-proposal', 'api']) },
        { path: paths.estimateError.pattern, ...lazyPage(() => import('./routes/estimate-error')) },
        { path: paths.termsOfUse.pattern, ...lazyPage(() => import('./routes/legal'), 'TermsOfUse', ['legal']), handle: SERVER_RENDERED },
        { path: paths.termsOfService.pattern, ...lazyPage(() => import('./routes/legal'), 'TermsOfService', ['legal']), handle: SERVER_RENDERED },
        { path: paths.faq.pattern, ...lazyPage(() => import('./routes/legal'), 'Faq', ['legal']), handle: SERVER_RENDERED },
        { path: paths.cookiesPolicy.pattern, ...lazyPage(() => import('./routes/legal'), 'CookiesPolicy', ['legal']), handle: SERVER_RENDERED },
        { path: paths.cookiesPolicyDocument.pattern, ...lazyPage(() => import('./routes/legal'), 'CookiesPolicyDocument', ['legal']), handle: SERVER_RENDERED },
        { path: paths.accessibilityStatement.pattern, ...lazyPage(() => import('./routes/legal'), 'AccessibilityStatement', ['legal']), handle: SERVER_RENDERED },
        { path: paths.stores.pattern, ...lazyPage(() => import('./routes/stores'), 'Component', ['drop-off-stores', 'api']) },
        { path: paths.buybackConfirmationDocs.pattern, ...lazyPage(() => import('./routes/confirmation-docs'), 'Component', ['confirmation-docs']) },
        { path: paths.tracking.pattern, ...lazyPage(() => import('./routes/tracking'), 'Component', ['tracking', 'api']) },
        { path: paths.notFound.pattern, ...lazyPage(() => import('./routes/not-found')), handle: SERVER_RENDERED },
        ...tunnelRoutes,
        ...cartCheckoutRoutes,
        // The specification's public catch-all: an unknown path goes home.
        { path: '*', element: <Navigate to={paths.home.to()} replace /> },
      ],
    },
  ];
}
