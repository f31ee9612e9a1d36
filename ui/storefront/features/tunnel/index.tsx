import type { RouteObject } from 'react-router';

/** The buyback tunnel of the storefront: /diag/..., /cart/customer-infos, /cart/summary, /buyback-confirmation. */
export const tunnelRoutes: RouteObject[] = [];
