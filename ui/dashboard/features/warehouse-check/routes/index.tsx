import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/** The compliance check wizard (specification 001 §2): the code, then one item's check; behind item.check, screens loaded on the first visit. */
export const routes: RouteObject[] = [
  { path: 'warehouse/check', loader: guard('item.check'), lazy: () => import('./search-page') },
  { path: 'warehouse/check/:itemId', loader: guard('item.check'), lazy: () => import('./check-page') },
];
