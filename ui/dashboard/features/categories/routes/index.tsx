import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/**
 * The categories (specification 000: /categories/list, /category/create,
 * category/{id}/edit): the tree with its counts and a category's form for
 * whoever may see them (read-only without category.manage), the creation
 * for who manages them.
 */
export const routes: RouteObject[] = [
  { path: 'categories/list', loader: guard('category.list'), lazy: () => import('./list-page') },
  { path: 'category/create', loader: guard('category.manage'), lazy: () => import('./create-page') },
  { path: 'category/:id/edit', loader: guard('category.list'), lazy: () => import('./edit-page') },
];
