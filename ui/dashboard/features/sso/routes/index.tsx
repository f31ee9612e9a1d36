import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/**
 * The retailer's single sign-on configuration (specification 002:
 * /connectors/{organizationId}/SSO); /connectors/SSO opens the signed-in
 * user's own root organization's.
 */
export const routes: RouteObject[] = [
  { path: 'connectors/SSO', loader: guard('sso.manage'), lazy: () => import('./own-configuration-page') },
  { path: 'connectors/:organizationId/SSO', loader: guard('sso.manage'), lazy: () => import('./configuration-page') },
];
