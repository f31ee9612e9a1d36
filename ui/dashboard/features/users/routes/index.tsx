import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/**
 * The users (specification 002: /users, /user/create, user/{id}/edit, the
 * admin users' userAdmin/… and the client users' userClient/…) and the
 * role-to-permission matrix (/permissions). The list and a user's form for
 * whoever may see them (read-only without user.manage); the creations for
 * who manages them, admin users for who assigns admins.
 */
export const routes: RouteObject[] = [
  { path: 'users', loader: guard('user.list'), lazy: () => import('./list-page') },
  { path: 'user/create', loader: guard('user.manage'), lazy: () => import('./create-client-page') },
  { path: 'user/:id/edit', loader: guard('user.list'), lazy: () => import('./edit-page') },
  { path: 'userClient/create', loader: guard('user.manage'), lazy: () => import('./create-client-page') },
  { path: 'userClient/:id/edit', loader: guard('user.list'), lazy: () => import('./edit-page') },
  { path: 'userAdmin/create', loader: guard('user.assign_admin'), lazy: () => import('./create-admin-page') },
  { path: 'userAdmin/:id/edit', loader: guard('user.list'), lazy: () => import('./edit-page') },
  { path: 'permissions', loader: guard('user.list'), lazy: () => import('./permissions-page') },
];
