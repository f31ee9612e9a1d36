import type { RouteObject } from 'react-router';

/** The creation wizard of the dashboard: /buyback/create (relative paths, mounted under the signed-in layout). */
export const buybackCreateRoutes: RouteObject[] = [];
