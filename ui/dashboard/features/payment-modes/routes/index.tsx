import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/**
 * The payment modes (specification 001: /paymentModes, paymentMode/{id}/edit):
 * the list and a mode's form for whoever may see them (read-only without
 * payment_mode.manage), the creation for who manages them.
 */
export const routes: RouteObject[] = [
  { path: 'paymentModes', loader: guard('payment_mode.list'), lazy: () => import('./list-page') },
  { path: 'paymentMode/create', loader: guard('payment_mode.manage'), lazy: () => import('./create-page') },
  { path: 'paymentMode/:id/edit', loader: guard('payment_mode.list'), lazy: () => import('./edit-page') },
];
