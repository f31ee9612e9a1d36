import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/** The support page: behind platform.monitor (rebuilding needs projection.rebuild, which the page asks the API about). */
export const routes: RouteObject[] = [{ path: 'support', loader: guard('platform.monitor'), lazy: () => import('./support-page') }];
