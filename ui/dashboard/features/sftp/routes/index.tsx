import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/**
 * The retailer's SFTP (specification 002: /settings/sftp, the access;
 * /configuration/{organizationId}/sftp, the import's configuration and its
 * last import), for who holds settings.sftp.
 */
export const routes: RouteObject[] = [
  { path: 'settings/sftp', loader: guard('settings.sftp'), lazy: () => import('./access-page') },
  { path: 'configuration/:organizationId/sftp', loader: guard('settings.sftp'), lazy: () => import('./configuration-page') },
];
