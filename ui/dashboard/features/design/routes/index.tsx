import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/** The design (specification 002: /design, /design-system), for who manages it. */
export const routes: RouteObject[] = [
  { path: 'design', loader: guard('design.manage'), lazy: () => import('./design-page') },
  { path: 'design-system', loader: guard('design.manage'), lazy: () => import('./design-system-page') },
];
