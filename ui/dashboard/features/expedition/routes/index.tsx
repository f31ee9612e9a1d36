import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/**
 * The store's expedition (specification 001, expedition): the devices
 * waiting to leave and the packages, a new shipment, the package being built,
 * and a closed package's label; each behind package.manage (the menu's
 * permission), screens loaded on the first visit.
 */
export const routes: RouteObject[] = [
  { path: 'expedition', loader: guard('package.manage'), lazy: () => import('./expedition-page') },
  { path: 'start-expedition', loader: guard('package.manage'), lazy: () => import('./start-page') },
  { path: 'packing-with-label', loader: guard('package.manage'), lazy: () => import('./packing-page') },
  { path: 'expedition/confirmation', loader: guard('package.manage'), lazy: () => import('./confirmation-page') },
];
