import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/** The verification of a list of codes, one report and a long list's job, behind item.verify; screens loaded on the first visit. */
export const routes: RouteObject[] = [
  { path: 'verification', loader: guard('item.verify'), lazy: () => import('./verification-page') },
  { path: 'verification/jobs/:id', loader: guard('item.verify'), lazy: () => import('./job-page') },
  { path: 'verification/:id', loader: guard('item.verify'), lazy: () => import('./report-page') },
];
