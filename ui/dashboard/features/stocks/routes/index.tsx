import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/**
 * The stocks (specification 001 §2): the list for whoever may see them; the
 * creation for who manages them; a stock's form for both (read-only without
 * stock.manage, and for the native stocks).
 */
export const routes: RouteObject[] = [
  { path: 'stocks', loader: guard('stock.list'), lazy: () => import('./list-page') },
  { path: 'stocks/create', loader: guard('stock.manage'), lazy: () => import('./create-page') },
  { path: 'stocks/:id/edit', loader: guard('stock.list'), lazy: () => import('./edit-page') },
];
