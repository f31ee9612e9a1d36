import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/** An item's refurbishment diagnosis (specification 001 §2): start by code, then questions, summary, stock, finalized. */
export const routes: RouteObject[] = [
  { path: 'refurb-diagnosis/start', loader: guard('refurb_diagnostic.write'), lazy: () => import('./start-page') },
  { path: 'warehouse/refurb-diagnosis/:id', loader: guard('refurb_diagnostic.write'), lazy: () => import('./overview-page') },
  { path: 'refurb-diagnosis/:id/questions', loader: guard('refurb_diagnostic.write'), lazy: () => import('./questions-page') },
  { path: 'refurb-diagnosis/:id/summary', loader: guard('refurb_diagnostic.write'), lazy: () => import('./summary-page') },
  { path: 'refurb-diagnosis/:id/stock', loader: guard('refurb_diagnostic.write'), lazy: () => import('./stock-page') },
  { path: 'refurb-diagnosis/:id/finalized', loader: guard('refurb_diagnostic.write'), lazy: () => import('./finalized-page') },
];
