import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/**
 * The provider staff's clients (specification 002: /clients, /client/create,
 * client/{organizationId}/edit, client/{id}/editPages,
 * /account/{accountId}/linked-buyers); the id is the client's account's.
 */
export const routes: RouteObject[] = [
  { path: 'clients', loader: guard('client.list'), lazy: () => import('./list-page') },
  { path: 'client/create', loader: guard('client.manage'), lazy: () => import('./create-page') },
  { path: 'client/:organizationId/edit', loader: guard('client.list'), lazy: () => import('./edit-page') },
  { path: 'client/:id/editPages', loader: guard('client.manage'), lazy: () => import('./pages-page') },
  { path: 'account/:accountId/linked-buyers', loader: guard('client.list'), lazy: () => import('./linked-buyers-page') },
];
