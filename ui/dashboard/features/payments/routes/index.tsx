import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/** The payment search and one payment's detail (specification: /searchPayment). */
export const routes: RouteObject[] = [
  { path: 'searchPayment', loader: guard('payment.list'), lazy: () => import('./list-page') },
  { path: 'payments/:id', loader: guard('payment.list'), lazy: () => import('./detail-page') },
];
