import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/**
 * The pre-declared buybacks check (specification 000 §2): the code, then the
 * declaration checked and finalized, then the confirmation; each behind
 * buyback.finalize, screens loaded on the first visit.
 */
export const routes: RouteObject[] = [
  { path: 'buybacks-predeclared', loader: guard('buyback.finalize'), lazy: () => import('./code-page') },
  { path: 'buybacks-predeclared/:code', loader: guard('buyback.finalize'), lazy: () => import('./check-page') },
  { path: 'buybacks-predeclared/:code/finalized', loader: guard('buyback.finalize'), lazy: () => import('./finalized-page') },
];
