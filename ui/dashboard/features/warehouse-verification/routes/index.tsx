import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/** The verification of a list of codes and one report, behind item.verify; screens loaded on the first visit. */
export const routes: RouteObject[] = [
  { path: 'verification', loader: guard('item.verify'), lazy: () => import('./verification-page') },
  { path: 'verification/:id', loader: guard('item.verify'), lazy: () => import('./report-page') },
];
