import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/** The list and a buyback's detail, each behind its permission; the screens load on the first visit. */
export const routes: RouteObject[] = [
  { path: 'buybacks', loader: guard('buyback.list'), lazy: () => import('./list-page') },
  { path: 'buyback/:id', loader: guard('buyback.read'), lazy: () => import('./detail-page') },
];
