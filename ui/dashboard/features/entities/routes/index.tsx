import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/**
 * The entities (specification 002: /entities, /entity/create, entity/{id}/edit):
 * the tree and the list, and an entity's form for whoever may see them
 * (read-only without organization.manage), the creation for who manages them.
 */
export const routes: RouteObject[] = [
  { path: 'entities', loader: guard('organization.list'), lazy: () => import('./list-page') },
  { path: 'entity/create', loader: guard('organization.manage'), lazy: () => import('./create-page') },
  { path: 'entity/:id/edit', loader: guard('organization.list'), lazy: () => import('./edit-page') },
];
