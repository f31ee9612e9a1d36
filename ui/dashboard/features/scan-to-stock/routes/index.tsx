import type { RouteObject } from 'react-router';
import { guard } from '../../../lib/auth';

/** Scan-to-stock: for whoever may move a device to another stock (item.move). */
export const routes: RouteObject[] = [{ path: 'stocks/scan', loader: guard('item.move'), lazy: () => import('./scan-page') }];
