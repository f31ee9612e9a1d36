import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/** The quarantine (specification 001 §2: /buybacksQuarantine), for who may quarantine and release devices. */
export const routes: RouteObject[] = [{ path: 'buybacksQuarantine', loader: guard('item.quarantine'), lazy: () => import('./list-page') }];
