import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/** The creation wizard, /buyback/create, behind the buyback.create permission; its screens load on the first visit. */
export const routes: RouteObject[] = [{ path: 'buyback/create', loader: guard('buyback.create'), lazy: () => import('./create-page') }];
