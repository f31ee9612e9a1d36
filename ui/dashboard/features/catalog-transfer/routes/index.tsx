import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/**
 * The catalogue's files (issue 21): the export of products, categories or
 * questions, and the products imports with their reports, under the tenant
 * (`/accounts/{accountId}/…`); the menu's `/catalog-export` and
 * `/catalog-imports` lead to the user's own.
 */
export const routes: RouteObject[] = [
  { path: 'accounts/:accountId/catalog-export', loader: guard('catalog.export'), lazy: () => import('./export-page') },
  { path: 'accounts/:accountId/catalog-imports', loader: guard('catalog.import'), lazy: () => import('./imports-page') },
  { path: 'catalog-export', loader: guard('catalog.export'), lazy: () => import('./own-account') },
  { path: 'catalog-imports', loader: guard('catalog.import'), lazy: () => import('./own-account') },
];
