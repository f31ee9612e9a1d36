import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/** An item's refurb steps (specification 001 §2): search by code, the item's steps, one step's execution, the completion page. */
export const routes: RouteObject[] = [
  { path: 'warehouse/item-refurb-steps/search', loader: guard('refurb.write'), lazy: () => import('./search-page') },
  { path: 'items/:itemId/item-refurb-steps', loader: guard('item.read'), lazy: () => import('./item-steps-page') },
  { path: 'item-refurb-steps/completed', loader: guard('item.read'), lazy: () => import('./completed-page') },
  { path: 'item-refurb-steps/:id', loader: guard('item.read'), lazy: () => import('./step-page') },
];
