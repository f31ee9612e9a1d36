import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/** The devices in stock and one device's detail (specification 001 §2: items-stock, items-stock/{id}/edit). */
export const routes: RouteObject[] = [
  { path: 'items-stock', loader: guard('item.list'), lazy: () => import('./list-page') },
  { path: 'items-stock/:id/edit', loader: guard('item.read'), lazy: () => import('./detail-page') },
];
