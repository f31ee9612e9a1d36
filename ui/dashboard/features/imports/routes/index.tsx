import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/**
 * Every import of the retailer (specification 002: /imports/{organizationId}),
 * for who holds import.list; /imports opens the signed-in user's own organization's.
 */
const page = (name: 'HomePage' | 'ImportsPage') => () => import('./pages').then((pages) => ({ Component: pages[name] }));

export const routes: RouteObject[] = [
  { path: 'imports', loader: guard('import.list'), lazy: page('HomePage') },
  { path: 'imports/:organizationId', loader: guard('import.list'), lazy: page('ImportsPage') },
];
