import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/**
 * The products (specification 000: /products, /product/create,
 * product/{id}/edit): the list and a product's form for whoever may see
 * them (read-only without product.manage), the creation for who manages them.
 */
export const routes: RouteObject[] = [
  { path: 'products', loader: guard('product.list'), lazy: () => import('./list-page') },
  { path: 'product/create', loader: guard('product.manage'), lazy: () => import('./create-page') },
  { path: 'product/:id/edit', loader: guard('product.list'), lazy: () => import('./edit-page') },
];
