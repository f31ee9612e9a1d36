import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/**
 * The connectors (specification 002, "Connector routes"): the catalogue of an
 * organization, one connector's configurations there, a configuration's form
 * (read-only without connector.manage), a new one for who manages them.
 * /connectors opens the signed-in user's own organization's catalogue. The
 * single sign-on's screen (/connectors/{organizationId}/SSO) is the sso
 * feature's.
 */
const page = (name: 'HomePage' | 'CataloguePage' | 'ConfigurationsPage' | 'CreatePage' | 'EditPage') => () =>
  import('./pages').then((pages) => ({ Component: pages[name] }));

export const routes: RouteObject[] = [
  { path: 'connectors', loader: guard('connector.read'), lazy: page('HomePage') },
  { path: 'connectors/createConfiguration', loader: guard('connector.manage'), lazy: page('CreatePage') },
  { path: 'connectors/:organizationId/connectors', loader: guard('connector.read'), lazy: page('CataloguePage') },
  { path: 'connectors/:organizationId/configurations/:connectorId', loader: guard('connector.read'), lazy: page('ConfigurationsPage') },
  { path: 'connectors/:configurationId', loader: guard('connector.read'), lazy: page('EditPage') },
];
