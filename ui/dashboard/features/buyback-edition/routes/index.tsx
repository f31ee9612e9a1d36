import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/** A buyback's edition (specification 000): the form, then the review of the recomputed estimate and the confirmation. */
export const routes: RouteObject[] = [
  { path: 'buyback/:id/edit', loader: guard('buyback.edit'), lazy: () => import('./edit-page') },
  { path: 'buyback/:id/edition', loader: guard('buyback.edit'), lazy: () => import('./edition-page') },
];
