import type { RouteObject } from 'react-router';

/**
 * The creation wizard of the dashboard: /buyback/create (relative path,
 * mounted under the signed-in layout behind the buyback.create permission).
 * Its screens load on the first visit.
 */
export const buybackCreateRoutes: RouteObject[] = [{ path: 'buyback/create', lazy: () => import('./routes/create-page') }];
