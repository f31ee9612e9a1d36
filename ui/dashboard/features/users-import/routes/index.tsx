import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/** The users import (specification 002, /users/import): upload, preview, import, for who holds user.import. */
export const routes: RouteObject[] = [{ path: 'users/import', loader: guard('user.import'), lazy: () => import('./import-page') }];
