import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/** The transports (specification 001): the list, for whoever may see them. */
export const routes: RouteObject[] = [{ path: 'transports-list', loader: guard('transport.list'), lazy: () => import('./list-page') }];
