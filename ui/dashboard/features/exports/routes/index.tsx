import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/**
 * An organization's data exports (specification 002: /exports/{organizationId}),
 * for who holds export.manage; /exports opens the signed-in user's own organization's.
 */
const page = (name: 'HomePage' | 'ExportsPage') => () => import('./pages').then((pages) => ({ Component: pages[name] }));

export const routes: RouteObject[] = [
  { path: 'exports', loader: guard('export.manage'), lazy: page('HomePage') },
  { path: 'exports/:organizationId', loader: guard('export.manage'), lazy: page('ExportsPage') },
];
