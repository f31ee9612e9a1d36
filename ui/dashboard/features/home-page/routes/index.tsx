import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/** The storefront's home page configuration (issue 23, specification 002 §3), behind design.manage. */
export const routes: RouteObject[] = [{ path: 'home-page', loader: guard('design.manage'), lazy: () => import('./home-page') }];
